import {
  CHAT_TOPICS,
  type ChatHandoffResponse,
  type ChatMessageResponse,
  type ChatStartResponse,
  type ChatTopic,
} from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { nowIso } from '../time.js';
import { personalAnswer } from './account.js';
import { compose } from './answer.js';
import { buildCorpus } from './knowledge.js';
import { configSecrets } from '../config.js';
import { askModel, isSafeReply, releasableLength } from './model.js';
import {
  claimSession,
  createSession,
  findSession,
  listMessages,
  saveExchange,
} from './repository.js';
import { Retriever } from './retrieval.js';

const QUICK_RESPONSES: Record<ChatTopic, string> = {
  pricing: 'How much do the plans cost?',
  how_to: 'How do I convert an image to a vector?',
  formats: 'Which output formats does each plan include?',
  batch: 'How many images can I convert in one batch?',
  api: 'Which plan includes API access?',
  quality: 'What is the difference between standard and economy?',
  support: 'How do I contact a person?',
};

const SUGGESTED = {
  visitor: [
    'How much does the Pro plan cost?',
    'Can I get a DXF file for laser cutting?',
    'How long are my files kept?',
  ],
  member: [
    'How many credits do I have?',
    'Why did my last conversion fail?',
    'What would an 8 MB file cost?',
  ],
};

export class ChatService {
  private readonly retriever = new Retriever(buildCorpus());
  private readonly secrets: string[];

  constructor(private readonly ctx: AppContext) {
    this.secrets = configSecrets(ctx.config);
  }

  async start(user: UserRow | undefined): Promise<ChatStartResponse> {
    const session_id = await createSession(this.ctx.db, user?.id ?? null, nowIso());
    return {
      session_id,
      message: user
        ? `Hi ${user.name.split(' ')[0]}! I'm the Tracery assistant. Ask me about plans, formats and how-tos, or about your own credits and conversions.`
        : "Hi! I'm the Tracery assistant. Ask me about plans and prices, formats, batch conversion, the API or how to get the best trace.",
      suggested_questions: user ? SUGGESTED.member : SUGGESTED.visitor,
      quick_responses: Object.fromEntries(
        CHAT_TOPICS.map((t) => [t, QUICK_RESPONSES[t]]),
      ) as Record<ChatTopic, string>,
    };
  }

  /**
   * A session belongs to the account that started it (or first used it signed in); anyone else
   * is refused with the same answer as for an unknown id, so ids cannot be probed.
   */
  private async ownSession(sessionId: string, user: UserRow | undefined): Promise<void> {
    const session = await findSession(this.ctx.db, sessionId);
    const refused = new DomainError('NOT_FOUND', 'Unknown chat session; start a new one');
    if (!session) throw refused;
    if (session.user_id === null) {
      if (user && !(await claimSession(this.ctx.db, sessionId, user.id))) throw refused;
      return;
    }
    if (session.user_id !== user?.id) throw refused;
  }

  /**
   * Answers a question. `onText` receives the model's wording as it streams, in pieces that are
   * safe to show (see releasableLength); the returned answer is the whole, checked one.
   */
  async message(
    sessionId: string,
    question: string,
    user: UserRow | undefined,
    onText?: (piece: string) => void,
  ): Promise<ChatMessageResponse> {
    await this.ownSession(sessionId, user);
    const asked = nowIso();
    const personal = await personalAnswer(this.ctx.db, user, question);
    const grounded = compose(this.retriever, question, personal, this.ctx.config.chat.supportEmail);
    let text = grounded.text;
    let source: ChatMessageResponse['source'] = 'retrieval';
    const model = this.ctx.config.chat.model;
    if (model && grounded.answered && grounded.facts.length > 0) {
      const allowed = [this.ctx.config.chat.supportEmail, ...(user ? [user.email] : [])];
      const safe = (reply: string) => isSafeReply(reply, this.secrets, allowed);
      let shown = 0;
      const reply = await askModel(model, { question, facts: grounded.facts }, (soFar) => {
        const upTo = releasableLength(soFar, this.secrets, safe);
        if (upTo > shown && onText) onText(soFar.slice(shown, upTo));
        shown = Math.max(shown, upTo);
      });
      if (reply && safe(reply)) {
        text = reply;
        source = 'model';
      }
    }
    const timestamp = nowIso();
    await saveExchange(
      this.ctx.db,
      sessionId,
      { text: question, at: asked },
      { text, at: timestamp, source: grounded.answered ? source : 'none' },
    );
    return {
      response: text,
      timestamp,
      links: grounded.links,
      source: grounded.answered ? source : 'none',
      handoff: grounded.handoff,
    };
  }

  /**
   * Sends the conversation to support through the mail outbox (once per session) and says what
   * happens next. Visitors give the address to reply to; accounts use their own.
   */
  async handoff(
    sessionId: string,
    email: string | undefined,
    user: UserRow | undefined,
  ): Promise<ChatHandoffResponse> {
    await this.ownSession(sessionId, user);
    const replyTo = user?.email ?? email;
    if (!replyTo)
      throw new DomainError('VALIDATION_FAILED', 'email: tell us where a person can reply');
    const support = this.ctx.config.chat.supportEmail;
    const transcript = await listMessages(this.ctx.db, sessionId);
    const first = transcript.find((m) => m.role === 'user')?.text ?? '(no question yet)';
    await this.ctx.mail.queue({
      kind: 'chat_handoff',
      to: support,
      dedupeKey: `chat-handoff:${sessionId}`,
      content: {
        subject: `Chat hand-off: ${first.slice(0, 80)}`,
        heading: 'A visitor asked to talk to a person',
        paragraphs: transcript.map(
          (m) => `${m.role === 'user' ? 'Visitor' : 'Assistant'} (${m.created_at}): ${m.text}`,
        ),
        details: [
          ['Reply to', replyTo],
          ['Account', user ? `${user.name} (${user.id}, ${user.plan_id})` : 'not signed in'],
          ['Chat session', sessionId],
        ],
        footer: 'Sent by the chat assistant when a visitor asked for a person.',
      },
    });
    const timestamp = nowIso();
    const response = `I have sent this conversation to our support team (${support}). A person will reply to ${replyTo} by email.`;
    await saveExchange(
      this.ctx.db,
      sessionId,
      { text: 'Talk to a person', at: timestamp },
      { text: response, at: timestamp, source: 'retrieval' },
    );
    return { response, timestamp };
  }
}
