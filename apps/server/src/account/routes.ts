import { AuthResponse, Detail, RegisterBody, User } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/guard.js';
import { startSession } from '../auth/session.js';
import { admitPasswordResetRequest } from '../auth/throttle.js';
import { normaliseEmail, toApiUser } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { errorResponses } from '../http/openapi.js';
import { featureRoutes } from '../http/feature-routes.js';
import { RateLimiter } from '../http/rate-limit.js';
import { buildProviders } from '../billing/providers/registry.js';
import { deleteAccount } from './delete-account.js';
import { FORGOT_ANSWER, forgotPassword, resetPassword } from './password-reset.js';
import { resendVerification, verifyEmail } from './verify-email.js';

const LinkToken = z.string().min(10).max(200);

/** The emailed-link calls under /api/auth: verify the address, forgot and reset the password. */
export function accountAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Per client address: link guesses.
  const linkLimit = new RateLimiter(ctx.counters, 'links', 20, 15 * 60_000);
  return featureRoutes(ctx, 'auth', async (app, route) => {
    app.post(
      '/verify-email',
      route.open('Confirm the email address with the token of the emailed link (single use)', {
        body: z.object({ token: LinkToken }),
        response: { 200: User, ...errorResponses(410, 422, 429) },
      }),
      async (request) => {
        await linkLimit.admit(request.ip);
        return toApiUser(await verifyEmail(ctx, request.body.token));
      },
    );

    app.post(
      '/verify-email/resend',
      route.user('Send the verification link again (one a minute, five a day)', {
        response: { 202: Detail, ...errorResponses(409, 429) },
      }),
      async (request, reply) =>
        reply.status(202).send({ detail: await resendVerification(ctx, userOf(request)) }),
    );

    app.post(
      '/forgot-password',
      route.open(
        'Email a password-reset link (always 202: the answer never tells whether the email has an account; 3 an hour per email, 20 per address)',
        {
          body: z.object({ email: z.string().trim().min(1, 'Email is required').max(254) }),
          response: { 202: Detail, ...errorResponses(422, 429) },
        },
      ),
      async (request, reply) => {
        await admitPasswordResetRequest(ctx.db, normaliseEmail(request.body.email), request.ip);
        await forgotPassword(ctx, request.body.email);
        return reply.status(202).send({ detail: FORGOT_ANSWER });
      },
    );

    app.post(
      '/reset-password',
      route.open(
        'Set a new password with the token of the emailed link (single use, 1 hour); every other session ends',
        {
          body: z.object({ token: LinkToken, new_password: RegisterBody.shape.password }),
          response: { 200: AuthResponse, ...errorResponses(410, 422, 429) },
        },
      ),
      async (request, reply) => {
        await linkLimit.admit(request.ip);
        const user = await resetPassword(ctx, request.body.token, request.body.new_password);
        return startSession(ctx, reply, user);
      },
    );
  });
}

/** The account itself under /api/account: deleting it. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const providers = ctx.billingProviders ?? buildProviders(ctx);
  const attempts = new RateLimiter(ctx.counters, 'account-delete', 10, 15 * 60_000);
  return featureRoutes(ctx, 'account', async (app, route) => {
    app.delete(
      '/',
      route.user(
        'Delete your account (confirm with the password; a Google-only account types its email): files and personal data go at once, the subscription is cancelled, ledger rows stay anonymised',
        {
          body: z.object({
            password: z.string().max(256).optional(),
            email: z.string().max(254).optional(),
          }),
          response: { 204: z.null(), ...errorResponses(403, 422, 429) },
        },
      ),
      async (request, reply) => {
        const user = userOf(request);
        await attempts.admit(user.id, 'attempts');
        await deleteAccount(ctx, providers, user, request.body, request.log);
        return reply.status(204).send(null);
      },
    );
  });
}
