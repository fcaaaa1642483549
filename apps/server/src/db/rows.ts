import type { Kysely } from 'kysely';
import type { Db } from './connect.js';
import type { Database } from './schema.js';

type Table = keyof Database;

/** The column values the rows must have (every one; null matches NULL). */
export type Match<T extends Table> = { [C in keyof Database[T]]?: Database[T][C] };

// Kysely cannot type a query on a table chosen by a type parameter: the signatures below keep
// the callers typed, and the queries run on an untyped view of the same connection.
type Untyped = Kysely<Record<string, Record<string, unknown>>>;

function where<Q extends { where(column: string, op: 'is' | '=', value: unknown): Q }>(
  query: Q,
  match: object,
): Q {
  for (const [column, value] of Object.entries(match))
    query = query.where(column, value === null ? 'is' : '=', value);
  return query;
}

/** The row of `table` that matches, or undefined. */
export async function findRow<T extends Table>(
  db: Db,
  table: T,
  match: Match<T>,
): Promise<Database[T] | undefined> {
  const query = (db as unknown as Untyped).selectFrom(table as string).selectAll();
  return (await where(query, match).executeTakeFirst()) as Database[T] | undefined;
}

/** The rows that match, by `order` (ascending) when given. */
export async function findRows<T extends Table>(
  db: Db,
  table: T,
  match: Match<T>,
  order?: keyof Database[T] & string,
): Promise<Database[T][]> {
  let query = where((db as unknown as Untyped).selectFrom(table as string).selectAll(), match);
  if (order) query = query.orderBy(order);
  return (await query.execute()) as unknown as Database[T][];
}

/** Tables of an account's own records, listed newest first. */
type Owned = {
  [T in Table]: Database[T] extends { id: string; user_id: string; created_at: string } ? T : never;
}[Table];

/** An account's rows, newest first (of two at the same instant, the greater id first). */
export async function newestRows<T extends Owned>(
  db: Db,
  table: T,
  userId: string,
  limit: number,
  offset = 0,
): Promise<Database[T][]> {
  return (await (db as unknown as Untyped)
    .selectFrom(table as string)
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()) as unknown as Database[T][];
}

/** Sets `values` on the rows that match; answers how many there were. */
export async function updateRows<T extends Table>(
  db: Db,
  table: T,
  match: Match<T>,
  values: Partial<Database[T]>,
): Promise<number> {
  const query = (db as unknown as Untyped).updateTable(table as string).set(values);
  return Number((await where(query, match).executeTakeFirst()).numUpdatedRows);
}

/** Deletes the rows that match; answers how many there were. */
export async function deleteRows<T extends Table>(
  db: Db,
  table: T,
  match: Match<T>,
): Promise<number> {
  const query = (db as unknown as Untyped).deleteFrom(table as string);
  return Number((await where(query, match).executeTakeFirst()).numDeletedRows);
}
