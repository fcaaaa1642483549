/** Row types of every table; the migrations in ./migrations.ts create exactly these. */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  google_sub: string | null;
  avatar_url: string | null;
  role: string;
  plan_id: string;
  credits_units: number;
  credits_period_start: string;
  created_at: string;
  updated_at: string;
  /** When the owner proved the address (a link, Google); null: unverified. */
  email_verified_at?: string | null;
  /** Deleted: personal fields anonymised, the row kept for the ledger. */
  deleted_at?: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

/** One refresh token of a session (stored as its SHA-256), used once: see auth/refresh-tokens.ts. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  used_at: string | null;
}

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  idempotency_key: string;
  delta_units: number;
  reason: string;
  created_at: string;
}

export interface ConversionsTable {
  id: string;
  /** The server process (runners.id) that holds the job while it is processing. */
  runner_id?: string | null;
  user_id: string;
  original_filename: string;
  input_bytes: number;
  width: number;
  height: number;
  output_format: string;
  quality_tier: string;
  engine_used: string;
  credits_units: number;
  status: string;
  storage_key: string | null;
  output_bytes: number | null;
  quality_scores: string | null;
  recommended_engine: string | null;
  error: string | null;
  created_at: string;
  completed_at: string | null;
  expires_at: string;
  deleted_at: string | null;
  /** Whose balance paid (a team member's conversion is paid by the team owner); null: user_id. */
  charged_user_id?: string | null;
}

/** Attempt counters of the throttles (auth/throttle-counters.ts); times in epoch ms. */
export interface ThrottleCountersTable {
  bucket: string;
  hits: number;
  window_start: number;
  blocked_until: number;
}

export interface CheckoutSessionsTable {
  id: string;
  provider: string;
  /** 'checkout' (card, redirect to success_url) or 'order' (PayPal-style, capture on return). */
  flow: string;
  plan_id: string;
  user_id: string | null;
  guest: number;
  /** Ours: open → paid (guest, awaiting an account) → fulfilled; or cancelled. */
  status: string;
  /** The provider's last known state: open, paid or cancelled. */
  provider_status: string;
  payer_email: string | null;
  amount_cents: number;
  currency: string;
  provider_subscription_id: string | null;
  provider_customer_id: string | null;
  success_url: string;
  cancel_url: string;
  created_at: string;
  paid_at: string | null;
  fulfilled_at: string | null;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan_id: string;
  billing_period: string;
  /** active or expired */
  status: string;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: number;
  provider: string;
  provider_subscription_id: string | null;
  provider_customer_id: string | null;
  checkout_session_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface BillingEventsTable {
  id: string;
  provider: string;
  event_type: string;
  received_at: string;
}

export interface BillingTokensTable {
  id: string;
  token_hash: string;
  /** guest_verify (new account) or guest_claim (existing owner) */
  kind: string;
  checkout_session_id: string;
  user_id: string | null;
  email: string;
  name: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** Signs this key's webhook deliveries (shown once, rotatable). */
  webhook_secret: string | null;
}

export interface MailOutboxTable {
  id: string;
  /** What caused it (verify_email, password_reset, receipt, ...), for the admin list. */
  kind: string;
  to_address: string;
  subject: string;
  /** Emptied once delivered: bodies carry single-use links. */
  text_body: string;
  html_body: string;
  /** A message that must exist at most once (a receipt per payment, low credits per period). */
  dedupe_key: string | null;
  /** pending → sending (claimed under a lease) → sent, or back to pending, or failed. */
  status: string;
  attempts: number;
  next_attempt_at: string;
  lease_id: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface ChatSessionsTable {
  id: string;
  user_id: string | null;
  created_at: string;
  last_active_at: string;
}

export interface ChatMessagesTable {
  id: string;
  session_id: string;
  /** user or assistant */
  role: string;
  text: string;
  /** How the question was answered: retrieval, model, or none (nothing found to answer from). */
  source: string | null;
  created_at: string;
}

export interface AccountTokensTable {
  id: string;
  token_hash: string;
  /** verify_email or password_reset */
  kind: string;
  user_id: string;
  /** The address the link was sent to (a verification is for that address only). */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface TeamsTable {
  id: string;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface TeamMembersTable {
  user_id: string;
  team_id: string;
  created_at: string;
}

export interface TeamInvitationsTable {
  id: string;
  team_id: string;
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

export interface BatchesTable {
  id: string;
  user_id: string;
  output_format: string;
  quality_tier: string;
  /** running → completed (every item settled) or cancelled */
  status: string;
  /** web (POST /api/batch) or api (POST /api/v1/jobs) */
  source: string;
  api_key_id: string | null;
  webhook_url: string | null;
  idempotency_key: string | null;
  event_seq: number;
  /** What was reserved at creation, in hundredths of a credit. */
  credits_units: number;
  created_at: string;
  completed_at: string | null;
  expires_at: string;
  /** The engine options of every item (JSON of contracts' ConversionOptions), or null. */
  trace_options: string | null;
}

export interface BatchItemsTable {
  id: string;
  batch_id: string;
  user_id: string;
  position: number;
  original_filename: string;
  input_bytes: number;
  /** The uploaded file in the file store until the item completes or is cancelled (a failed one keeps it for a retry until retention). */
  input_key: string | null;
  /** Charged at creation (0 for an item refused by the upload gate). */
  credits_units: number;
  /** queued → processing (under a lease) → completed | failed; queued → cancelled */
  status: string;
  error_code: string | null;
  error: string | null;
  storage_key: string | null;
  output_bytes: number | null;
  lease_id: string | null;
  lease_until: string | null;
  attempts: number;
  /** Retries asked by the owner after a failure (0 for the first run). */
  retries: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export interface BatchEventsTable {
  batch_id: string;
  seq: number;
  type: string;
  data: string;
  created_at: string;
}

/** Live server processes: crash recovery fails and refunds the jobs of dead ones. */
export interface RunnersTable {
  id: string;
  host: string;
  pid: number;
  started_at: string;
  heartbeat_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  batch_id: string;
  api_key_id: string;
  url: string;
  /** job.completed or job.failed */
  event_type: string;
  body: string;
  /** pending → delivered, or failed after 24 hours of retries */
  status: string;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface CloudConnectionsTable {
  id: string;
  user_id: string;
  provider: string;
  account_id: string;
  account_name: string;
  folder: string;
  access_token: string;
  refresh_token: string | null;
  expires_at: string | null;
  /** connected | reconnect */
  status: string;
  created_at: string;
  updated_at: string;
}

export interface CloudOauthStatesTable {
  state: string;
  user_id: string;
  provider: string;
  code_verifier: string;
  expires_at: string;
}

export interface CloudSavesTable {
  id: string;
  user_id: string;
  provider: string;
  conversion_id: string | null;
  batch_id: string | null;
  item_id: string | null;
  /** file (one result) | folder (each file of a batch) | zip (a batch's ZIP) */
  mode: string;
  name: string;
  status: string;
  files_total: number;
  files_done: number;
  link: string | null;
  error: string | null;
  attempts: number;
  next_attempt_at: string;
  lease_id: string | null;
  lease_until: string | null;
  created_at: string;
  completed_at: string | null;
}

/** An account's saved conversion options (web app's Advanced panel). */
export interface TraceDefaultsTable {
  user_id: string;
  /** JSON of contracts' ConversionOptions. */
  options: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  credit_ledger: CreditLedgerTable;
  conversions: ConversionsTable;
  throttle_counters: ThrottleCountersTable;
  runners: RunnersTable;
  checkout_sessions: CheckoutSessionsTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  billing_tokens: BillingTokensTable;
  api_keys: ApiKeysTable;
  mail_outbox: MailOutboxTable;
  chat_sessions: ChatSessionsTable;
  chat_messages: ChatMessagesTable;
  account_tokens: AccountTokensTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  batches: BatchesTable;
  batch_items: BatchItemsTable;
  batch_events: BatchEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  cloud_connections: CloudConnectionsTable;
  cloud_oauth_states: CloudOauthStatesTable;
  cloud_saves: CloudSavesTable;
  trace_defaults: TraceDefaultsTable;
}
