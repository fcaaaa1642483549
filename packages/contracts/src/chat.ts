import { z } from 'zod';

/** The chat assistant's calls (§3 Chat, §7 POST /api/chat/start and /api/chat/message). */
export const CHAT_TOPICS = [
  'pricing',
  'how_to',
  'formats',
  'batch',
  'api',
  'quality',
  'support',
] as const;
export type ChatTopic = (typeof CHAT_TOPICS)[number];

/** The longest message the assistant accepts, in characters (after trimming). */
export const CHAT_MESSAGE_MAX = 2000;

export const ChatLink = z.object({ title: z.string(), href: z.string() });
export type ChatLink = z.infer<typeof ChatLink>;

export const ChatStartResponse = z.object({
  session_id: z.string(),
  message: z.string(),
  suggested_questions: z.array(z.string()),
  quick_responses: z.record(z.enum(CHAT_TOPICS), z.string()),
});
export type ChatStartResponse = z.infer<typeof ChatStartResponse>;

export const ChatMessageBody = z.object({
  session_id: z.uuid('session_id: unknown chat session'),
  message: z
    .string()
    .trim()
    .min(1, 'message: write a question first')
    .max(CHAT_MESSAGE_MAX, `message: at most ${CHAT_MESSAGE_MAX} characters`),
});
export type ChatMessageBody = z.infer<typeof ChatMessageBody>;

export const ChatMessageResponse = z.object({
  response: z.string(),
  timestamp: z.string(),
  /** Where to go next: pages and sections the answer was built from (addition to §7). */
  links: z.array(ChatLink),
  /**
   * retrieval: built from the documentation passages found; model: worded by the configured
   * language model from those passages; none: nothing found, so no answer (a person can take over).
   */
  source: z.enum(['retrieval', 'model', 'none']),
  /** Whether to offer "Talk to a person" (nothing found, or a person was asked for). */
  handoff: z.boolean(),
});
export type ChatMessageResponse = z.infer<typeof ChatMessageResponse>;

/** "Talk to a person": the conversation goes to support, who reply by email. */
export const ChatHandoffBody = z.object({
  session_id: z.uuid('session_id: unknown chat session'),
  /** Where support should reply; optional when signed in (the account's address is used). */
  email: z.email('email: enter a valid email address').max(254).optional(),
});
export type ChatHandoffBody = z.infer<typeof ChatHandoffBody>;

export const ChatHandoffResponse = z.object({ response: z.string(), timestamp: z.string() });
export type ChatHandoffResponse = z.infer<typeof ChatHandoffResponse>;
