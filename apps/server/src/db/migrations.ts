import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

/** Migrations, in order. Written once in Kysely's schema builder so SQLite and PostgreSQL agree. */
const migrations: Record<string, Migration> = {
  '001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('google_sub', 'text', (c) => c.unique())
        .addColumn('avatar_url', 'text')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('plan_id', 'text', (c) => c.notNull().defaultTo('free'))
        .addColumn('credits_units', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('credits_period_start', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addCheckConstraint('users_credits_nonnegative', sql`credits_units >= 0`)
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('credit_ledger')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('delta_units', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_user').on('credit_ledger').column('user_id').execute();
      await db.schema
        .createTable('conversions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('original_filename', 'text', (c) => c.notNull())
        .addColumn('input_bytes', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('output_format', 'text', (c) => c.notNull())
        .addColumn('quality_tier', 'text', (c) => c.notNull())
        .addColumn('engine_used', 'text', (c) => c.notNull())
        .addColumn('credits_units', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text')
        .addColumn('output_bytes', 'integer')
        .addColumn('quality_scores', 'text')
        .addColumn('recommended_engine', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema
        .createIndex('conversions_user_created')
        .on('conversions')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('conversions_status_expires')
        .on('conversions')
        .columns(['status', 'expires_at'])
        .execute();
      await db.schema
        .createTable('login_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_attempts_bucket')
        .on('login_attempts')
        .columns(['bucket', 'created_at'])
        .execute();
    },
  },
};

class InlineProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export async function migrate(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: new InlineProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
