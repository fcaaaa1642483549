import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.js';
import type { PaymentProvider, PaymentState, StartInput, StartedPayment } from './types.js';

/**
 * The built-in test provider, used when no provider keys are configured. Its checkout page is
 * served by this server (billing/local-page.ts); approving there marks the payment paid, as a
 * real provider would, and the normal fulfilment path (re-fetch or webhook) does the rest.
 * Its "provider state" is the provider_status column of the payment's own row.
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly recurring = true;

  constructor(private readonly db: Db) {}

  async start(input: StartInput): Promise<StartedPayment> {
    const token = randomBytes(18).toString('base64url');
    const id = input.flow === 'order' ? `LOCALORDER_${token}` : `cs_local_${token}`;
    const url = `${input.baseUrl}/api/payment/local/checkout/${id}`;
    return {
      id,
      url,
      status: input.flow === 'order' ? 'PAYER_ACTION_REQUIRED' : 'open',
      links: [
        { rel: input.flow === 'order' ? 'payer-action' : 'checkout', href: url, method: 'GET' },
      ],
    };
  }

  async fetch(id: string): Promise<PaymentState> {
    const row = await this.db
      .selectFrom('checkout_sessions')
      .select(['provider_status', 'amount_cents', 'currency', 'payer_email'])
      .where('id', '=', id)
      .where('provider', '=', 'local')
      .executeTakeFirst();
    const status =
      row?.provider_status === 'paid'
        ? 'paid'
        : row?.provider_status === 'cancelled'
          ? 'cancelled'
          : 'open';
    return {
      status,
      amountCents: row?.amount_cents ?? null,
      currency: row?.currency ?? null,
      payerEmail: row?.payer_email ?? null,
      subscriptionId: row && status === 'paid' ? `sub_local_${id}` : null,
      customerId: null,
    };
  }

  complete(id: string): Promise<PaymentState> {
    return this.fetch(id);
  }

  async cancelAtPeriodEnd(): Promise<void> {
    // Nothing to tell: local renewals are done by the billing sweep, which checks the flag.
  }
}
