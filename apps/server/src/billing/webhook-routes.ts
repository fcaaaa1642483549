import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DomainError } from '../errors.js';
import type { ProviderName } from './providers/types.js';
import type { Billing } from './service.js';

/**
 * Provider webhooks. The signature covers the exact bytes, so this plugin (and only it) takes
 * every body raw; events are verified before anything is read from them.
 */
export function webhookRoutes(billing: Billing): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    const handle = async (name: ProviderName, request: FastifyRequest) => {
      const provider = billing.providers.byName[name];
      if (!provider?.parseWebhook)
        throw new DomainError(
          'PAYMENT_NOT_CONFIGURED',
          `${name === 'stripe' ? 'Stripe' : 'PayPal'} is not configured`,
        );
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = await provider.parseWebhook(raw, request.headers);
      if (!event) throw new DomainError('BAD_REQUEST', 'Invalid webhook signature');
      const { duplicate } = await billing.webhooks.applyEvent(name, event);
      return { received: true, duplicate };
    };

    const schema = (summary: string) => ({ tags: ['payment'], summary });
    app.post('/stripe', { schema: schema('Stripe webhook (Stripe-Signature verified)') }, (r) =>
      handle('stripe', r),
    );
    app.post('/paypal', { schema: schema('PayPal webhook (verified with PayPal)') }, (r) =>
      handle('paypal', r),
    );
  };
}
