import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { nowIso } from '../time.js';
import { localCheckoutPage, localMessagePage, successRedirect } from './local-page.js';
import { findCheckout, type CheckoutRow } from './repository.js';
import type { Billing } from './service.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Pages of the built-in `local` provider (test mode). Approving marks the payment paid, as a
 * provider would, then delivers the same event a provider's webhook would; the buyer is sent to
 * success_url with the session id. Plain forms: no scripts, so any CSP allows it.
 */
export function localRoutes(ctx: AppContext, billing: Billing): FastifyPluginAsync {
  return featureRoutes(ctx, 'payment', async (app, route) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'",
        )
        .send(body);

    /** A handler of the local payment named by the path's :id; any other id gets the 404 page. */
    const ofPayment =
      <R extends { params: { id: string } }>(
        handle: (row: CheckoutRow, request: R, reply: FastifyReply) => Promise<unknown>,
      ) =>
      async (request: R, reply: FastifyReply) => {
        const row = await findCheckout(ctx.db, request.params.id);
        if (row?.provider === 'local' && billing.localActive(row.flow))
          return handle(row, request, reply);
        return html(
          reply,
          404,
          localMessagePage('Payment not found', 'This test payment does not exist.'),
        );
      };
    const cancelled = (reply: FastifyReply) =>
      html(reply, 410, localMessagePage('Payment cancelled', 'This payment was cancelled.'));

    app.get<{ Params: { id: string } }>(
      '/checkout/:id',
      route.open('Test-mode checkout page of the local provider'),
      ofPayment(async (row, request, reply) => {
        if (row.provider_status === 'paid') return reply.redirect(successRedirect(row), 303);
        if (row.provider_status === 'cancelled') return cancelled(reply);
        return html(reply, 200, localCheckoutPage(row));
      }),
    );

    app.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
      '/checkout/:id/approve',
      route.open('Approve a local test payment'),
      ofPayment(async (row, request, reply) => {
        if (row.provider_status === 'cancelled') return cancelled(reply);
        if (row.provider_status === 'open') {
          let email: string | null = null;
          if (row.guest === 1) {
            email = String(request.body?.email ?? '')
              .trim()
              .toLowerCase();
            if (!EMAIL.test(email) || email.length > 254)
              return html(reply, 422, localCheckoutPage(row, 'Enter a valid email address'));
          } else if (row.user_id) {
            const user = await ctx.db
              .selectFrom('users')
              .select('email')
              .where('id', '=', row.user_id)
              .executeTakeFirst();
            email = user?.email ?? null;
          }
          await ctx.db
            .updateTable('checkout_sessions')
            .set({ provider_status: 'paid', payer_email: email, paid_at: nowIso() })
            .where('id', '=', row.id)
            .where('provider_status', '=', 'open')
            .execute();
          // What a provider's webhook would say next.
          const state = await billing.providers.byName.local!.fetch(row.id);
          await billing.webhooks.applyEvent('local', {
            id: `paid:${row.id}`,
            type: 'payment.paid',
            action: { kind: 'paid', paymentId: row.id, state },
          });
        }
        return reply.redirect(successRedirect(row), 303);
      }),
    );

    app.post<{ Params: { id: string } }>(
      '/checkout/:id/cancel',
      route.open('Cancel a local test payment'),
      ofPayment(async (row, request, reply) => {
        await ctx.db
          .updateTable('checkout_sessions')
          .set({ provider_status: 'cancelled', status: 'cancelled' })
          .where('id', '=', row.id)
          .where('provider_status', '=', 'open')
          .where('status', '=', 'open')
          .execute();
        return reply.redirect(row.cancel_url, 303);
      }),
    );
  });
}
