import { AuthResponse, GoogleLoginBody, LoginBody, RegisterBody, User } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { errorResponses } from '../http/openapi.js';
import { verifyGoogleIdToken } from './google.js';
import { requireUser, tokenSettings } from './guard.js';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.js';
import { clearFailures, isThrottled, recordFailure } from './throttle.js';
import { issueToken, revokeSession } from './tokens.js';
import { createUser, findUserByEmail, normaliseEmail, toApiUser, type UserRow } from './users.js';

const INVALID_LOGIN = 'Incorrect email or password';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const respond = async (user: UserRow) => ({
    access_token: await issueToken(ctx.db, tokenSettings(ctx), user.id),
    token_type: 'bearer',
    user: toApiUser(user),
  });

  return async (app) => {
    app.post(
      '/register',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create an account (free plan, 25 credits)',
          body: RegisterBody,
          response: { 201: AuthResponse, ...errorResponses(409, 422, 429) },
        },
      },
      async (request, reply) => {
        const { name, email, password } = request.body;
        const user = await createUser(ctx.db, {
          name,
          email,
          passwordHash: await hashPassword(password),
        });
        if (!user)
          throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists');
        return reply.status(201).send(await respond(user));
      },
    );

    app.post(
      '/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: LoginBody,
          response: { 200: AuthResponse, ...errorResponses(401, 422, 429) },
        },
      },
      async (request) => {
        const email = normaliseEmail(request.body.email);
        const ip = request.ip;
        if (await isThrottled(ctx.db, email, ip)) {
          throw new DomainError(
            'RATE_LIMITED',
            'Too many failed sign-in attempts. Try again in 15 minutes.',
            { retryAfterSeconds: 900 },
          );
        }
        const user = await findUserByEmail(ctx.db, email);
        const ok = user?.password_hash
          ? await verifyPassword(user.password_hash, request.body.password)
          : (await burnVerifyTime(request.body.password), false);
        if (!user || !ok) {
          await recordFailure(ctx.db, email, ip);
          throw new DomainError('INVALID_CREDENTIALS', INVALID_LOGIN);
        }
        await clearFailures(ctx.db, email, ip);
        return respond(user);
      },
    );

    app.post(
      '/google',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a Google ID token',
          body: GoogleLoginBody,
          response: { 200: AuthResponse, ...errorResponses(401, 422, 503) },
        },
      },
      async (request) => {
        if (!ctx.config.googleClientId) {
          throw new DomainError(
            'SERVICE_NOT_CONFIGURED',
            'Google sign-in is not configured on this server',
          );
        }
        const identity = await verifyGoogleIdToken(
          request.body.token,
          ctx.config.googleClientId,
          ctx.googleCerts,
        );
        if (!identity)
          throw new DomainError(
            'INVALID_CREDENTIALS',
            'Google sign-in failed: the token is not valid',
          );
        const existing = await findUserByEmail(ctx.db, identity.email);
        const user =
          existing ??
          (await createUser(ctx.db, {
            email: identity.email,
            name: identity.name ?? identity.email.split('@')[0],
            passwordHash: null,
            googleSub: identity.sub,
            avatarUrl: identity.picture ?? null,
          })) ??
          (await findUserByEmail(ctx.db, identity.email));
        if (!user) throw new DomainError('INTERNAL', 'Could not create the account');
        return respond(user);
      },
    );

    app.get(
      '/config',
      {
        schema: {
          tags: ['auth'],
          summary: 'Public sign-in settings for the web app (the Google client id, if configured)',
          response: { 200: z.object({ google_client_id: z.string().nullable() }) },
        },
      },
      async () => ({ google_client_id: ctx.config.googleClientId ?? null }),
    );

    app.get(
      '/me',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: User, ...errorResponses(401) },
        },
      },
      async (request) => toApiUser((await requireUser(ctx, request)).user),
    );

    app.post(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End this session; its token stops working',
          security: [{ bearer: [] }],
          response: { 204: z.null(), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const { principal } = await requireUser(ctx, request);
        await revokeSession(ctx.db, principal.sessionId);
        return reply.status(204).send(null);
      },
    );
  };
}
