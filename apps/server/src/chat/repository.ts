import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { updateRows } from '../db/rows.js';
import type { ChatSessionsTable } from '../db/schema.js';

export type ChatSessionRow = ChatSessionsTable;
/** How long a conversation is kept after its last message (the sweeper deletes older ones). */
export const CHAT_RETENTION_MS = 30 * 24 * 3600 * 1000;

export type AnswerSource = 'retrieval' | 'model' | 'none';

export async function createSession(db: Db, userId: string | null, now: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('chat_sessions')
    .values({ id, user_id: userId, created_at: now, last_active_at: now })
    .execute();
  return id;
}

export async function findSession(db: Db, id: string): Promise<ChatSessionRow | undefined> {
  return db.selectFrom('chat_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Binds an anonymous session to the account that first uses it signed in. Conditional, so of
 * two accounts racing for one anonymous session only one wins.
 */
export async function claimSession(db: Db, id: string, userId: string): Promise<boolean> {
  return (await updateRows(db, 'chat_sessions', { id, user_id: null }, { user_id: userId })) === 1;
}

/** Stores one question and its answer together. */
export async function saveExchange(
  db: Db,
  sessionId: string,
  question: { text: string; at: string },
  answer: { text: string; at: string; source: AnswerSource },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('chat_messages')
      .values([
        {
          id: randomUUID(),
          session_id: sessionId,
          role: 'user',
          text: question.text,
          // On the question too, so the questions it could not answer are one query away.
          source: answer.source,
          created_at: question.at,
        },
        {
          id: randomUUID(),
          session_id: sessionId,
          role: 'assistant',
          text: answer.text,
          source: answer.source,
          created_at: answer.at,
        },
      ])
      .execute();
    await trx
      .updateTable('chat_sessions')
      .set({ last_active_at: answer.at })
      .where('id', '=', sessionId)
      .execute();
  });
}

/** Transcripts are kept for a limited time: deletes sessions idle since before `cutoff`. */
export async function deleteSessionsBefore(db: Db, cutoff: string): Promise<number> {
  const r = await db
    .deleteFrom('chat_sessions')
    .where('last_active_at', '<', cutoff)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function listMessages(db: Db, sessionId: string) {
  return db
    .selectFrom('chat_messages')
    .select(['role', 'text', 'created_at'])
    .where('session_id', '=', sessionId)
    .orderBy('created_at')
    .orderBy('role', 'desc')
    .execute();
}

/** The latest conversations, with who (if anyone) and their first question. */
export async function recentSessions(db: Db, limit: number) {
  return db
    .selectFrom('chat_sessions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => [
      's.id',
      's.created_at',
      's.last_active_at',
      'u.email',
      eb
        .selectFrom('chat_messages as m')
        .select((m) => m.fn.countAll<number | string>().as('n'))
        .whereRef('m.session_id', '=', 's.id')
        .as('messages'),
      eb
        .selectFrom('chat_messages as m')
        .select('m.text')
        .whereRef('m.session_id', '=', 's.id')
        .where('m.role', '=', 'user')
        .orderBy('m.created_at')
        .limit(1)
        .as('first_question'),
    ])
    .orderBy('s.last_active_at', 'desc')
    .limit(limit)
    .execute();
}

/** Questions nothing in the documentation answered, most frequent first. */
export async function unansweredQuestions(db: Db, limit: number) {
  return db
    .selectFrom('chat_messages')
    .select((eb) => [
      eb.fn<string>('lower', ['text']).as('question'),
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('created_at').as('last_asked_at'),
    ])
    .where('role', '=', 'user')
    .where('source', '=', 'none')
    .groupBy(sql`lower(text)`)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`max(created_at)`, 'desc')
    .limit(limit)
    .execute();
}
