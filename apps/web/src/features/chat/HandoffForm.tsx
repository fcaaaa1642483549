import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { handOffChat } from './chatApi';

/**
 * "Talk to a person": signed in, one press sends the conversation to support; a visitor first
 * says where the reply should go.
 */
export function HandoffForm({
  sessionId,
  signedIn,
  onReply,
}: {
  sessionId: string;
  signedIn: boolean;
  onReply(text: string, at: string): void;
}) {
  const [asking, setAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function send(e?: FormEvent) {
    e?.preventDefault();
    setBusy(true);
    setError('');
    try {
      const reply = await handOffChat(sessionId, signedIn ? undefined : email.trim());
      onReply(reply.response, reply.timestamp);
    } catch (err) {
      setError(errorMessage(err, 'Could not reach support; please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (!asking && !signedIn)
    return (
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="rounded-full border border-emerald-700 px-2.5 py-1 text-xs font-semibold text-emerald-800 hover:bg-canvas"
      >
        Talk to a person
      </button>
    );
  if (signedIn)
    return (
      <button
        type="button"
        disabled={busy}
        onClick={() => void send()}
        className="rounded-full border border-emerald-700 px-2.5 py-1 text-xs font-semibold text-emerald-800 hover:bg-canvas"
      >
        {busy ? 'Sending...' : 'Talk to a person'}
      </button>
    );
  return (
    <form onSubmit={(e) => void send(e)} className="flex w-full flex-wrap items-center gap-1.5">
      <label htmlFor="chat-handoff-email" className="text-xs">
        Where should a person reply?
      </label>
      <input
        id="chat-handoff-email"
        type="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
        className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-2 py-1 text-xs text-ink"
      />
      <button
        type="submit"
        disabled={busy || !email.trim()}
        className="btn-primary rounded-lg px-2.5 py-1 text-xs disabled:opacity-50"
      >
        {busy ? 'Sending...' : 'Send to support'}
      </button>
      {error && (
        <p role="alert" className="w-full text-xs text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
