import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrate } from './migrations.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Dialect = Config['database']['kind'];

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Opens the configured database (SQLite in WAL mode, or a PostgreSQL pool) and migrates it. */
export async function openDatabase(config: Pick<Config, 'database'>): Promise<DbHandle> {
  let db: Db;
  if (config.database.kind === 'sqlite') {
    const sqlite = new BetterSqlite3(config.database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  } else {
    const pool = new pg.Pool({
      connectionString: config.database.url,
      max: 10,
      // An unreachable database fails a query within seconds (readiness answers 503) rather than
      // leaving it waiting for a connection.
      connectionTimeoutMillis: 5000,
    });
    // An idle connection the server dropped (a restart, a failover) is discarded by the pool and the
    // next query opens a new one; without a listener the 'error' event would end the process.
    pool.on('error', () => undefined);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  await migrate(db as Kysely<unknown>);
  return { db, dialect: config.database.kind, close: () => db.destroy() };
}
