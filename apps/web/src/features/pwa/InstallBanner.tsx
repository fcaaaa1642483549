import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CloseIcon } from '../../components/icons';
import { Button } from '../../components/Button';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_DELAY_MS = 30_000;
export const DISMISS_MEMORY_MS = 86_400_000;
export const DISMISS_KEY = 'install-banner-dismissed';

function isInstalled(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches ?? false;
}

export function recentlyDismissed(
  now = Date.now(),
  storage: Pick<Storage, 'getItem'> = localStorage,
): boolean {
  const at = Number(storage.getItem(DISMISS_KEY));
  return Number.isFinite(at) && at > 0 && now - at < DISMISS_MEMORY_MS;
}

/** "Install Tracery" banner, 30 s after the browser offers installation. */
export function InstallBanner() {
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setDeferred(e as BeforeInstallPromptEvent);
      if (isInstalled() || recentlyDismissed()) return;
      clearTimeout(timer);
      timer = setTimeout(() => setVisible(true), INSTALL_DELAY_MS);
    };
    const onInstalled = () => {
      setVisible(false);
      toast.success('Tracery installed successfully!');
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!visible || !deferred) return null;

  async function install() {
    if (!deferred) return;
    setVisible(false);
    await deferred.prompt();
    const { outcome } = await deferred.userChoice;
    if (outcome === 'accepted') toast.success('App installation started!');
    else toast.info('App installation canceled');
    setDeferred(null);
  }

  function dismiss() {
    localStorage.setItem(DISMISS_KEY, String(Date.now()));
    setVisible(false);
  }

  return (
    <section
      aria-labelledby="install-title"
      className="fixed inset-x-4 top-20 z-40 mx-auto max-w-md rounded-2xl border border-line bg-surface p-4 text-ink shadow-xl"
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <h2 id="install-title" className="font-semibold">
            Install Tracery
          </h2>
          <p className="mt-1 text-sm text-muted">
            Open the converter from your dock or home screen, in its own window.
          </p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss install banner"
          className="rounded-lg p-1 text-muted hover:bg-canvas"
        >
          <CloseIcon size={18} />
        </button>
      </div>
      <div className="mt-3 flex gap-2">
        <Button size="sm" onClick={() => void install()}>
          Install
        </Button>
        <button
          type="button"
          onClick={dismiss}
          className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium"
        >
          Not now
        </button>
      </div>
    </section>
  );
}
