import { ApiError, api, postForEvents } from '../../lib/api';

export interface ChatStart {
  session_id: string;
  message: string;
  suggested_questions: string[];
  quick_responses: Partial<
    Record<'pricing' | 'how_to' | 'formats' | 'batch' | 'api' | 'quality' | 'support', string>
  >;
}

export interface ChatReply {
  response: string;
  timestamp: string;
  /** Where to read more (pages and sections the answer came from). */
  links?: { title: string; href: string }[];
  /** Offer "Talk to a person" under this answer. */
  handoff?: boolean;
}

export const SUPPORT_EMAIL = 'support@tracery.app';
export const CHAT_CONNECT_FAILED = 'Failed to connect to the chat assistant. Please try again.';
export const CHAT_FALLBACK_GREETING =
  "Hi! I'm the Tracery assistant. I can't reach the server right now, but you can still browse the tutorials and pricing pages, or ask again in a moment.";
export const chatTroubleMessage = (email: string) =>
  `Sorry, I'm having trouble answering right now. Please try again, or contact support at ${email}.`;

export const startChat = () => api<ChatStart>('/chat/start', { method: 'POST', auth: true });
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
    if (event === 'done') reply = data as ChatReply;
    if (event === 'error') failure = new ApiError(500, (data as { detail?: string }).detail);
  });
  if (reply) return reply;
  throw failure ?? new ApiError(500, 'The assistant stopped before answering', 'bad_response');
}
/** "Talk to a person": support receives the conversation by email and replies to `email`. */
export const handOffChat = (session_id: string, email?: string) =>
  api<{ response: string; timestamp: string }>('/chat/handoff', {
    body: { session_id, ...(email ? { email } : {}) },
    auth: true,
  });
