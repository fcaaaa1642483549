import { api } from '../../lib/api';

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
export const sendChatMessage = (session_id: string, message: string) =>
  api<ChatReply>('/chat/message', { body: { session_id, message }, auth: true });
/** "Talk to a person": support receives the conversation by email and replies to `email`. */
export const handOffChat = (session_id: string, email?: string) =>
  api<{ response: string; timestamp: string }>('/chat/handoff', {
    body: { session_id, ...(email ? { email } : {}) },
    auth: true,
  });
