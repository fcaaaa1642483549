import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../../components/Button';

/** Shown when a new service worker is installed while an older one controls the page. */
export function UpdateCard() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });

  if (!needRefresh) return null;
  return (
    <section
      role="alert"
      aria-labelledby="update-title"
      className="fixed bottom-4 left-1/2 z-50 w-[22rem] max-w-[calc(100vw-2rem)] -translate-x-1/2 rounded-2xl border border-line bg-surface p-4 text-ink shadow-xl"
    >
      <h2 id="update-title" className="font-semibold">
        Update Available
      </h2>
      <p className="mt-1 text-sm text-muted">A new version of Tracery is ready.</p>
      <div className="mt-3 flex gap-2">
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Update Now
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
      </div>
    </section>
  );
}
