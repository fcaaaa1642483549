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
  /** Whether the wording came from the configured language model or from retrieval alone. */
  source: z.enum(['retrieval', 'model']),
});
export type ChatMessageResponse = z.infer<typeof ChatMessageResponse>;
