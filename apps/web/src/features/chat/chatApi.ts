import {
  ChatHandoffResponse,
  ChatMessageResponse,
  ChatStartResponse,
  type ChatLink,
} from '@tracery/contracts';
import { ApiError, api, postForEvents } from '../../lib/api';

export type ChatStart = ChatStartResponse;

/** An answer as the window shows it; the fallback answers written here have no links. */
export interface ChatReply {
  response: string;
  timestamp: string;
  /** Where to read more (pages and sections the answer came from). */
  links?: ChatLink[];
  /** Offer "Talk to a person" under this answer. */
  handoff?: boolean;
}

export const SUPPORT_EMAIL = 'support@tracery.app';
export const CHAT_CONNECT_FAILED = 'Failed to connect to the chat assistant. Please try again.';
export const CHAT_FALLBACK_GREETING =
  "Hi! I'm the Tracery assistant. I can't reach the server right now, but you can still browse the tutorials and pricing pages, or ask again in a moment.";
export const chatTroubleMessage = (email: string) =>
  `Sorry, I'm having trouble answering right now. Please try again, or contact support at ${email}.`;

export const startChat = () =>
  api('/chat/start', { method: 'POST', auth: true, schema: ChatStartResponse });
/**
 * Asks a question; with a language model configured, `onText` receives its wording piece by
 * piece as it is written. Resolves to the whole answer (the one to keep).
 */
export async function sendChatMessage(
  session_id: string,
  message: string,
  onText: (piece: string) => void = () => {},
): Promise<ChatReply> {
  let reply: ChatReply | undefined;
  let failure: ApiError | undefined;
  await postForEvents('/chat/message', { session_id, message }, (event, data) => {
    if (event === 'delta') onText((data as { text: string }).text);
    if (event === 'done') reply = ChatMessageResponse.parse(data);
    if (event === 'error') failure = new ApiError(500, (data as { detail?: string }).detail);
  });
  if (reply) return reply;
  throw failure ?? new ApiError(500, 'The assistant stopped before answering', 'bad_response');
}
/** "Talk to a person": support receives the conversation by email and replies to `email`. */
export const handOffChat = (session_id: string, email?: string) =>
  api('/chat/handoff', {
    body: { session_id, ...(email ? { email } : {}) },
    auth: true,
    schema: ChatHandoffResponse,
  });
