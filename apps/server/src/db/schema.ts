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
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
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
}

export interface LoginAttemptsTable {
  id: string;
  bucket: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  credit_ledger: CreditLedgerTable;
  conversions: ConversionsTable;
  login_attempts: LoginAttemptsTable;
}
