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
  '002_billing': {
    async up(db: Kysely<unknown>) {
      // One row per payment started with a provider (card checkout session or PayPal order).
      await db.schema
        .createTable('checkout_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('flow', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('guest', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider_status', 'text', (c) => c.notNull())
        .addColumn('payer_email', 'text')
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('provider_subscription_id', 'text')
        .addColumn('provider_customer_id', 'text')
        .addColumn('success_url', 'text', (c) => c.notNull())
        .addColumn('cancel_url', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .addColumn('fulfilled_at', 'text')
        .execute();
      await db.schema
        .createIndex('checkout_sessions_user')
        .on('checkout_sessions')
        .column('user_id')
        .execute();
      // The current subscription of each user (one row per user, updated on every change).
      await db.schema
        .createTable('subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().unique().references('users.id').onDelete('cascade'),
        )
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('billing_period', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('current_period_start', 'text', (c) => c.notNull())
        .addColumn('current_period_end', 'text', (c) => c.notNull())
        .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_subscription_id', 'text')
        .addColumn('provider_customer_id', 'text')
        .addColumn('checkout_session_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscriptions_provider_ref')
        .on('subscriptions')
        .column('provider_subscription_id')
        .execute();
      await db.schema
        .createIndex('subscriptions_status_end')
        .on('subscriptions')
        .columns(['status', 'current_period_end'])
        .execute();
      // Provider webhook events already processed: the key makes each one count once.
      await db.schema
        .createTable('billing_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();
      // Single-use, expiring links of the guest checkout (stored as SHA-256 hashes).
      await db.schema
        .createTable('billing_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('checkout_session_id', 'text', (c) =>
          c.notNull().references('checkout_sessions.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
    },
  },
  '003_api_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();
    },
  },
  '004_mail_outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_id', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('mail_outbox_due')
        .on('mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('mail_outbox_created')
        .on('mail_outbox')
        .column('created_at')
        .execute();
    },
  },
  '005_chat': {
    async up(db: Kysely<unknown>) {
      // A conversation with the assistant; user_id is set when it belongs to an account.
      await db.schema
        .createTable('chat_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_active_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('chat_sessions_active')
        .on('chat_sessions')
        .column('last_active_at')
        .execute();
      await db.schema
        .createTable('chat_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) =>
          c.notNull().references('chat_sessions.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        // How the exchange was answered: 'retrieval', 'model' or 'none' (nothing found).
        .addColumn('source', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('chat_messages_session')
        .on('chat_messages')
        .columns(['session_id', 'created_at'])
        .execute();
    },
  },
  '006_throttle_counters': {
    async up(db: Kysely<unknown>) {
      // Throttles count in one row per bucket, admitted atomically (auth/throttle-counters.ts).
      await db.schema.dropTable('login_attempts').execute();
      await db.schema
        .createTable('throttle_counters')
        .addColumn('bucket', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('blocked_until', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '007_accounts_teams': {
    async up(db: Kysely<unknown>) {
      // Account lifecycle (account/): a verified address, a deleted (anonymised) account.
      await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
      await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
      // A team member's conversion is paid from the team's pool (the owner's balance).
      await db.schema.alterTable('conversions').addColumn('charged_user_id', 'text').execute();
      // Single-use emailed links (verify_email, password_reset), stored as SHA-256 hashes.
      await db.schema
        .createTable('account_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('account_tokens_user')
        .on('account_tokens')
        .columns(['user_id', 'kind', 'created_at'])
        .execute();
      await db.schema
        .createTable('teams')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) =>
          c.notNull().unique().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('team_members')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('team_members_team')
        .on('team_members')
        .column('team_id')
        .execute();
      await db.schema
        .createTable('team_invitations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('team_invitations_team')
        .on('team_invitations')
        .column('team_id')
        .execute();
    },
  },
  '008_batches': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('batches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('output_format', 'text', (c) => c.notNull())
        .addColumn('quality_tier', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('api_key_id', 'text')
        .addColumn('webhook_url', 'text')
        .addColumn('idempotency_key', 'text')
        // The last event's sequence number (SSE ids); bumped in the transaction that writes it.
        .addColumn('event_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('credits_units', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('batches_user_created')
        .on('batches')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('batches_user_idempotency')
        .on('batches')
        .columns(['user_id', 'idempotency_key'])
        .unique()
        .execute();
      await db.schema
        .createTable('batch_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('batch_id', 'text', (c) =>
          c.notNull().references('batches.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('original_filename', 'text', (c) => c.notNull())
        .addColumn('input_bytes', 'integer', (c) => c.notNull())
        .addColumn('input_key', 'text')
        .addColumn('credits_units', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error_code', 'text')
        .addColumn('error', 'text')
        .addColumn('storage_key', 'text')
        .addColumn('output_bytes', 'integer')
        .addColumn('lease_id', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema
        .createIndex('batch_items_batch')
        .on('batch_items')
        .columns(['batch_id', 'position'])
        .execute();
      await db.schema
        .createIndex('batch_items_status')
        .on('batch_items')
        .columns(['status', 'user_id'])
        .execute();
      await db.schema
        .createTable('batch_events')
        .addColumn('batch_id', 'text', (c) =>
          c.notNull().references('batches.id').onDelete('cascade'),
        )
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('batch_events_pk', ['batch_id', 'seq'])
        .execute();
    },
  },
  '009_runners': {
    async up(db: Kysely<unknown>) {
      // Which process holds a processing job, so a restart can settle the jobs of a dead one.
      await db.schema
        .createTable('runners')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('pid', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('heartbeat_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('conversions').addColumn('runner_id', 'text').execute();
      await db.schema
        .createIndex('conversions_runner')
        .on('conversions')
        .columns(['runner_id', 'status'])
        .execute();
    },
  },
  '010_webhooks': {
    async up(db: Kysely<unknown>) {
      // HMAC key of the key's webhook deliveries: it must be readable to sign, so it is stored as is.
      await db.schema.alterTable('api_keys').addColumn('webhook_secret', 'text').execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('batch_id', 'text', (c) =>
          c.notNull().references('batches.id').onDelete('cascade'),
        )
        .addColumn('api_key_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  },
  '011_refresh_tokens': {
    async up(db: Kysely<unknown>) {
      // A session is a family of refresh tokens: each is used once (used_at), and presenting a
      // used one again ends the session, which takes its tokens with it (cascade).
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) =>
          c.notNull().references('sessions.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_session')
        .on('refresh_tokens')
        .column('session_id')
        .execute();
      await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
    },
  },
  '012_cloud': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cloud_connections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('account_name', 'text', (c) => c.notNull())
        // A subfolder of the app's folder ('' = the app's folder itself).
        .addColumn('folder', 'text', (c) => c.notNull())
        // AES-256-GCM, bound to the row's user and provider (cloud/token-crypto.ts).
        .addColumn('access_token', 'text', (c) => c.notNull())
        .addColumn('refresh_token', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('cloud_connections_user_provider')
        .on('cloud_connections')
        .columns(['user_id', 'provider'])
        .unique()
        .execute();
      await db.schema
        .createTable('cloud_oauth_states')
        .addColumn('state', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('cloud_saves')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('conversion_id', 'text')
        .addColumn('batch_id', 'text')
        .addColumn('item_id', 'text')
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('files_total', 'integer', (c) => c.notNull())
        .addColumn('files_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('link', 'text')
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_id', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema
        .createIndex('cloud_saves_user_created')
        .on('cloud_saves')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('cloud_saves_due')
        .on('cloud_saves')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  },
  '013_batch_trace_options': {
    async up(db: Kysely<unknown>) {
      // The engine options a batch was asked with (JSON), applied to every item when it runs.
      await db.schema.alterTable('batches').addColumn('trace_options', 'text').execute();
    },
  },
  '014_trace_defaults': {
    async up(db: Kysely<unknown>) {
      // The options the web app's Advanced panel starts from (JSON of contracts' ConversionOptions).
      await db.schema
        .createTable('trace_defaults')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '015_batch_item_retries': {
    async up(db: Kysely<unknown>) {
      // How many times the owner retried a failed item: each retry is its own charge and refund.
      await db.schema
        .alterTable('batch_items')
        .addColumn('retries', 'integer', (c) => c.notNull().defaultTo(0))
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
