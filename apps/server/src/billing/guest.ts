import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, type GuestClaimPreview, type PlanId, planOf } from '@tracery/contracts';
import { hashNewPassword } from '../auth/password-policy.js';
import { createUser, findUserByEmail, normaliseEmail, type UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { addMs, nowIso } from '../time.js';
import type { Outbox } from './outbox.js';
import { findCheckout, findSubscription, markPaidIn, type CheckoutRow } from './repository.js';
import { findRow, updateRows } from '../db/rows.js';
import { once } from '../db/transactions.js';
import type { FulfilmentService } from './fulfilment.js';

const VERIFY_TTL_MS = 24 * 3600_000;
const CLAIM_TTL_MS = 7 * 24 * 3600_000;
const INVALID_LINK = 'This link is invalid, has expired or has already been used';
const ALREADY_ATTACHED = 'This purchase is already attached to an account';
const OFFERED = 'This purchase was already offered to the account of its email';
export const ATTACHED_DETAIL =
  'This email already has an account. We emailed its owner a link to claim the purchase; nothing changes on that account until they do.';
const CONFIRM_DETAIL =
  'This account has an active paid plan: confirm to replace it with the purchased plan';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Guest checkout: pay first, then name the account at /payment/collect-email. The email must be
 * the payer's. A new email gets an account (directly, or through a single-use link); an email that
 * already has an account is never signed into and never changed from here: the payment is recorded
 * and the owner is sent a single-use link to claim it (signed in, with an explicit confirmation
 * before it replaces an active paid plan).
 */
export class GuestCheckout {
  constructor(
    private readonly ctx: AppContext,
    private readonly billing: FulfilmentService,
    private readonly fallbackOutbox: Outbox,
  ) {}

  private get outbox(): Outbox {
    return this.ctx.outbox ?? this.fallbackOutbox;
  }

  /** A guest session the provider confirms as paid, whose payer email is `email`. */
  private async paidSession(sessionId: string, email: string): Promise<CheckoutRow> {
    const row = await findCheckout(this.ctx.db, sessionId);
    if (!row || row.guest !== 1)
      throw new DomainError('NOT_FOUND', PAYMENT_MESSAGES.invalidSession);
    if (row.status === 'fulfilled') throw new DomainError('CONFLICT', ALREADY_ATTACHED);
    if (row.status === 'cancelled')
      throw new DomainError('PAYMENT_CANCELLED', 'This payment was cancelled');
    const state = await this.billing.askProvider(row, row.flow === 'order');
    if (state.status !== 'paid') {
      throw new DomainError(
        'PAYMENT_INCOMPLETE',
        'The payment for this session has not been completed',
      );
    }
    this.billing.checkAmount(row, state);
    const payer = (state.payerEmail ?? row.payer_email)?.toLowerCase();
    if (!payer || payer !== normaliseEmail(email)) {
      throw new DomainError('VALIDATION_FAILED', 'Use the email address you paid with');
    }
    await once(this.ctx.db, (trx) => markPaidIn(trx, row, state, nowIso()));
    return (await findCheckout(this.ctx.db, sessionId))!;
  }

  private async issueToken(
    kind: 'guest_verify' | 'guest_claim',
    row: CheckoutRow,
    email: string,
    name: string,
    userId: string | null,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = nowIso();
    await this.ctx.db
      .insertInto('billing_tokens')
      .values({
        id: randomUUID(),
        token_hash: hashToken(token),
        kind,
        checkout_session_id: row.id,
        user_id: userId,
        email: normaliseEmail(email),
        name,
        created_at: now,
        expires_at: addMs(now, kind === 'guest_verify' ? VERIFY_TTL_MS : CLAIM_TTL_MS),
      })
      .execute();
    return token;
  }

  /**
   * Offers a paid guest purchase to the existing account of its email: the account is not
   * touched; its owner gets a single-use claim link. Once per purchase.
   */
  private async offerToOwner(row: CheckoutRow, owner: UserRow, baseUrl: string): Promise<void> {
    const offered = await this.ctx.db
      .selectFrom('billing_tokens')
      .select('id')
      .where('checkout_session_id', '=', row.id)
      .where('kind', '=', 'guest_claim')
      .executeTakeFirst();
    if (offered) throw new DomainError('CONFLICT', OFFERED);
    const token = await this.issueToken('guest_claim', row, owner.email, owner.name, owner.id);
    await this.outbox.send({
      to: owner.email,
      subject: 'Claim a Tracery purchase made with your email',
      text: `Someone bought a ${planOf(row.plan_id).name} plan with your email address. Nothing on your account has changed. If it was you, sign in and open the link to add it to your account.`,
      link: `${baseUrl}/account?claim=${encodeURIComponent(token)}`,
    });
  }

  /** POST /payment/guest/collect-email: the same answer whether or not the email has an account. */
  async collectEmail(
    input: { session_id: string; name: string; email: string },
    baseUrl: string,
  ): Promise<{ sent: boolean; detail: string }> {
    const row = await this.paidSession(input.session_id, input.email);
    const owner = await findUserByEmail(this.ctx.db, input.email);
    if (owner) {
      await this.offerToOwner(row, owner, baseUrl);
    } else {
      const token = await this.issueToken('guest_verify', row, input.email, input.name, null);
      await this.outbox.send({
        to: normaliseEmail(input.email),
        subject: 'Finish creating your Tracery account',
        text: 'Open the link to choose a password; your paid plan is already on the account.',
        link: `${baseUrl}/verify-payment-email?token=${encodeURIComponent(token)}`,
      });
    }
    return { sent: true, detail: `We sent a link to ${normaliseEmail(input.email)}` };
  }

  private async consume(token: string, kind: string) {
    const hash = hashToken(token);
    const row = await findRow(this.ctx.db, 'billing_tokens', { token_hash: hash, kind });
    if (!row || row.used_at !== null || row.expires_at <= nowIso())
      throw new DomainError('GONE', INVALID_LINK);
    return row;
  }

  private async markUsed(id: string): Promise<void> {
    const used = await updateRows(
      this.ctx.db,
      'billing_tokens',
      { id, used_at: null },
      { used_at: nowIso() },
    );
    if (used !== 1) throw new DomainError('GONE', INVALID_LINK);
  }

  /** Creates the buyer's new account and puts the purchase on it. */
  private async createWithPurchase(
    row: CheckoutRow,
    input: { name: string; email: string; passwordHash: string },
    baseUrl: string,
  ): Promise<UserRow> {
    const user = await createUser(this.ctx.db, {
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
    });
    if (!user) {
      // The email got an account in the meantime: offer it to the owner, never sign in.
      const owner = await findUserByEmail(this.ctx.db, input.email);
      if (owner) await this.offerToOwner(row, owner, baseUrl);
      throw new DomainError('CONFLICT', ATTACHED_DETAIL);
    }
    await this.billing.activate(row, user.id, null);
    const after = await findCheckout(this.ctx.db, row.id);
    if (after?.user_id !== user.id) throw new DomainError('CONFLICT', ALREADY_ATTACHED);
    return (await this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirst())!;
  }

  /** POST /payment/guest/verify: the single-use link of a new buyer; creates the account. */
  async verify(input: { token: string; password: string }, baseUrl: string): Promise<UserRow> {
    // The password rule first: a refused password must not use up the single-use link.
    const passwordHash = await hashNewPassword(input.password);
    const token = await this.consume(input.token, 'guest_verify');
    await this.markUsed(token.id);
    const row = await findCheckout(this.ctx.db, token.checkout_session_id);
    if (!row || row.status === 'fulfilled') throw new DomainError('CONFLICT', ALREADY_ATTACHED);
    return this.createWithPurchase(
      row,
      { name: token.name, email: token.email, passwordHash },
      baseUrl,
    );
  }

  /** POST /payment/guest/complete: email and password at once (no link) for a new account. */
  async complete(
    input: { session_id: string; name: string; email: string; password: string },
    baseUrl: string,
  ): Promise<{ kind: 'created'; user: UserRow } | { kind: 'attached' }> {
    const row = await this.paidSession(input.session_id, input.email);
    const owner = await findUserByEmail(this.ctx.db, input.email);
    if (owner) {
      await this.offerToOwner(row, owner, baseUrl);
      return { kind: 'attached' };
    }
    const passwordHash = await hashNewPassword(input.password);
    const user = await this.createWithPurchase(
      row,
      { name: input.name, email: input.email, passwordHash },
      baseUrl,
    );
    return { kind: 'created', user };
  }

  /** The claim link's purchase, for its owner, signed in; the link stays usable. */
  private async claimable(tokenText: string, user: UserRow) {
    const token = await this.consume(tokenText, 'guest_claim');
    if (token.user_id !== user.id)
      throw new DomainError('FORBIDDEN', 'This link belongs to another account');
    const row = await findCheckout(this.ctx.db, token.checkout_session_id);
    if (!row) throw new DomainError('NOT_FOUND', PAYMENT_MESSAGES.invalidSession);
    if (row.status !== 'paid') throw new DomainError('GONE', INVALID_LINK);
    const current = await findSubscription(this.ctx.db, user.id);
    const active =
      current?.status === 'active' && current.current_period_end > nowIso() ? current : null;
    return { token, row, active };
  }

  /** POST /payment/guest/claim/preview: what a claim would change, for the confirmation screen. */
  async preview(tokenText: string, user: UserRow): Promise<GuestClaimPreview> {
    const { row, active } = await this.claimable(tokenText, user);
    return {
      plan_id: row.plan_id as PlanId,
      current_plan_id: active ? (active.plan_id as PlanId) : null,
      current_period_end: active?.current_period_end ?? null,
      confirmation_required: active !== null,
    };
  }

  /**
   * POST /payment/guest/claim: the owner, signed in, adds the purchase to the account. It never
   * replaces an active paid plan (nor stops its provider subscription) without `confirm`.
   */
  async claim(
    tokenText: string,
    user: UserRow,
    confirm: boolean,
  ): Promise<{ success: boolean; plan_id: PlanId }> {
    const { token, row, active } = await this.claimable(tokenText, user);
    if (active && !confirm) throw new DomainError('CONFIRMATION_REQUIRED', CONFIRM_DETAIL);
    await this.markUsed(token.id);
    await this.billing.activate(row, user.id, null);
    const after = await findCheckout(this.ctx.db, row.id);
    if (after?.user_id !== user.id) throw new DomainError('CONFLICT', ALREADY_ATTACHED);
    return { success: true, plan_id: row.plan_id as PlanId };
  }
}
