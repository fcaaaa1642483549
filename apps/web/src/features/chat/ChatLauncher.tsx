import { lazy, Suspense, useState } from 'react';
import { ChatIcon, CloseIcon } from '../../components/icons';

const ChatWindow = lazy(() => import('./ChatWindow'));

/** Floating chat button; the window (and its session) loads on first open. */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen((o) => !o);
          setOpened(true);
        }}
        aria-expanded={open}
        aria-controls="chat-window"
        aria-label={open ? 'Close chat assistant' : 'Open chat assistant'}
        className="floating-widget fixed right-4 bottom-20 z-40 rounded-full bg-emerald-700 p-3 text-white shadow-lg hover:bg-emerald-800"
      >
        {open ? <CloseIcon size={24} /> : <ChatIcon size={24} />}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ChatWindow open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
