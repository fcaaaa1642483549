import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { useAuth } from '../auth/useAuth';
import { HandoffForm } from './HandoffForm';
import { toast } from 'sonner';
import { SendIcon, SpinnerIcon } from '../../components/icons';
import {
  CHAT_CONNECT_FAILED,
  CHAT_FALLBACK_GREETING,
  SUPPORT_EMAIL,
  chatTroubleMessage,
  sendChatMessage,
  startChat,
  type ChatReply,
  type ChatStart,
} from './chatApi';

interface Message {
  role: 'user' | 'assistant';
  text: string;
  at: string;
  links?: ChatReply['links'];
  handoff?: boolean;
}

const MAX_SUGGESTED = 3;
const MAX_QUICK = 4;

export default function ChatWindow({ open, onClose }: { open: boolean; onClose(): void }) {
  const { user } = useAuth();
  const [session, setSession] = useState<ChatStart | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  /** The model's wording as it streams in, until the whole answer replaces it. */
  const [streamed, setStreamed] = useState('');
  /** The first session, asked for on open; a question typed before it arrives waits for it. */
  const starting = useRef<Promise<ChatStart> | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (starting.current) return;
    starting.current = startChat();
    const now = () => new Date().toISOString();
    // The greeting goes first, before anything typed while it was on its way.
    starting.current
      .then((s) => {
        setSession((current) => current ?? s);
        setMessages((m) => [{ role: 'assistant', text: s.message, at: now() }, ...m]);
      })
      .catch(() => {
        toast.error(CHAT_CONNECT_FAILED);
        setMessages((m) => [{ role: 'assistant', text: CHAT_FALLBACK_GREETING, at: now() }, ...m]);
      });
  }, []);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages]);

  async function send(raw: string) {
    const message = raw.trim();
    if (!message || pending) return;
    setText('');
    setMessages((m) => [...m, { role: 'user', text: message, at: new Date().toISOString() }]);
    setPending(true);
    try {
      let s = session ?? (await (starting.current ?? startChat()).catch(() => startChat()));
      const onText = (piece: string) => setStreamed((t) => t + piece);
      let reply: ChatReply;
      try {
        reply = await sendChatMessage(s.session_id, message, onText);
      } catch (error) {
        // The session is gone or belongs to the account signed in before: start afresh once.
        if (!(error instanceof ApiError) || error.status !== 404) throw error;
        s = await startChat();
        reply = await sendChatMessage(s.session_id, message, onText);
      }
      setSession(s);
      setMessages((m) => [
        ...m,
        {
          role: 'assistant',
          text: reply.response,
          at: reply.timestamp,
          links: reply.links,
          handoff: reply.handoff,
        },
      ]);
    } catch {
      setMessages((m) => [
        ...m,
        {
          role: 'assistant',
          text: chatTroubleMessage(SUPPORT_EMAIL),
          at: new Date().toISOString(),
        },
      ]);
    } finally {
      setStreamed('');
      setPending(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void send(text);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send(text);
    }
    if (e.key === 'Escape') onClose();
  }

  if (!open) return null;
  const last = messages[messages.length - 1];
  const offerPerson = Boolean(session && last?.role === 'assistant' && last.handoff && !pending);
  const suggestions =
    messages.length <= 1 ? (session?.suggested_questions ?? []).slice(0, MAX_SUGGESTED) : [];
  const quick =
    messages.length > 1 ? Object.entries(session?.quick_responses ?? {}).slice(0, MAX_QUICK) : [];

  return (
    <section
      id="chat-window"
      aria-labelledby="chat-title"
      data-testid="chat-window"
      className="fixed right-4 bottom-36 z-50 flex h-[30rem] max-h-[70vh] w-[22rem] max-w-[calc(100vw-2rem)] flex-col rounded-2xl border border-line bg-surface text-ink shadow-2xl"
    >
      <header className="rounded-t-2xl bg-emerald-700 px-4 py-3 text-white">
        <h2 id="chat-title" className="font-semibold">
          Tracery assistant
        </h2>
        <p className="text-xs text-emerald-50">
          Questions about formats, plans, credits and how-tos
        </p>
      </header>
      <ol
        ref={listRef}
        className="flex-1 space-y-2 overflow-y-auto p-3"
        aria-live="polite"
        aria-label="Conversation"
      >
        {messages.map((m, i) => (
          <li key={i} className={`flex ${m.role === 'user' ? 'justify-end' : 'justify-start'}`}>
            <p
              className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap ${
                m.role === 'user' ? 'bg-indigo-700 text-white' : 'bg-canvas text-ink'
              }`}
            >
              <span className="sr-only">{m.role === 'user' ? 'You: ' : 'Assistant: '}</span>
              {m.text}
              {m.links && m.links.length > 0 && (
                <span className="mt-2 block border-t border-line pt-1.5 text-xs">
                  <span className="font-semibold">Read more: </span>
                  {m.links.map((l, j) => (
                    <span key={l.href}>
                      {j > 0 && ' · '}
                      <Link to={l.href} className="text-brand underline">
                        {l.title}
                      </Link>
                    </span>
                  ))}
                </span>
              )}
            </p>
          </li>
        ))}
        {pending && streamed && (
          <li className="flex justify-start" aria-hidden="true">
            <p className="max-w-[85%] rounded-2xl bg-canvas px-3 py-2 text-sm whitespace-pre-wrap text-ink">
              {streamed}
            </p>
          </li>
        )}
        {pending && !streamed && (
          <li className="flex items-center gap-2 text-sm text-muted">
            <SpinnerIcon size={14} /> Assistant is typing...
          </li>
        )}
      </ol>
      {(suggestions.length > 0 || quick.length > 0 || offerPerson) && (
        <div className="flex flex-wrap gap-1.5 border-t border-line px-3 py-2">
          {offerPerson && session && (
            <HandoffForm
              sessionId={session.session_id}
              signedIn={Boolean(user)}
              onReply={(text, at) => setMessages((m) => [...m, { role: 'assistant', text, at }])}
            />
          )}
          {suggestions.map((q) => (
            <button
              key={q}
              type="button"
              disabled={pending}
              onClick={() => void send(q)}
              className="rounded-full border border-line px-2.5 py-1 text-xs hover:bg-canvas"
            >
              {q}
            </button>
          ))}
          {quick.map(([topic, q]) => (
            <button
              key={topic}
              type="button"
              disabled={pending}
              onClick={() => void send(q ?? '')}
              className="rounded-full border border-line px-2.5 py-1 text-xs capitalize hover:bg-canvas"
            >
              {topic.replace('_', ' ')}
            </button>
          ))}
        </div>
      )}
      <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-line p-3">
        <label htmlFor="chat-input" className="sr-only">
          Message the assistant
        </label>
        <textarea
          ref={inputRef}
          id="chat-input"
          rows={2}
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask about formats, credits, batch..."
          className="flex-1 resize-none rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink placeholder:text-slate-500"
        />
        <button
          type="submit"
          disabled={pending || !text.trim()}
          aria-label="Send message"
          className="btn-primary rounded-lg p-2.5 disabled:opacity-50"
        >
          <SendIcon size={18} />
        </button>
      </form>
    </section>
  );
}
