import {
  AuthConfig,
  AuthResponse,
  GoogleLinkBody,
  GoogleLoginBody,
  LoginBody,
  RegisterBody,
  User,
} from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { errorResponses } from '../http/openapi.js';
import { DomainError } from '../errors.js';
import { assertSameOriginRequest } from './csrf.js';
import { userOf } from './guard.js';
import { endSession, refreshSession, startSession } from './session.js';
import { SESSION_COOKIE } from './session-cookie.js';
import { googleSignIn, linkGoogle } from './google-link.js';
import { login, register } from './service.js';
import { toApiUser } from './users.js';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return featureRoutes(ctx, 'auth', async (app, route) => {
    app.post(
      '/register',
      route.open('Create an account (free plan, 25 credits)', {
        body: RegisterBody,
        response: { 201: AuthResponse, ...errorResponses(409, 422, 429) },
      }),
      async (request, reply) => {
        const user = await register(ctx, { ...request.body, ip: request.ip });
        return reply.status(201).send(await startSession(ctx, reply, user));
      },
    );

    app.post(
      '/login',
      route.open('Sign in with email and password', {
        body: LoginBody,
        response: { 200: AuthResponse, ...errorResponses(401, 422, 429) },
      }),
      async (request, reply) => {
        const user = await login(ctx, { ...request.body, ip: request.ip });
        return startSession(ctx, reply, user);
      },
    );

    app.post(
      '/google',
      route.open('Sign in with a Google ID token (409 ACCOUNT_LINK_REQUIRED: use /google/link)', {
        body: GoogleLoginBody,
        response: { 200: AuthResponse, ...errorResponses(401, 403, 409, 422, 503) },
      }),
      async (request, reply) => {
        const user = await googleSignIn(ctx, request.body.token);
        return startSession(ctx, reply, user);
      },
    );

    app.post(
      '/google/link',
      route.open(
        "Link a Google account to the existing account of its email, with that account's password",
        {
          body: GoogleLinkBody,
          response: { 200: AuthResponse, ...errorResponses(401, 403, 422, 429, 503) },
        },
      ),
      async (request, reply) => {
        const user = await linkGoogle(ctx, { ...request.body, ip: request.ip });
        return startSession(ctx, reply, user);
      },
    );

    app.get(
      '/config',
      route.open('Public sign-in settings for the web app (the Google client id, if configured)', {
        response: { 200: AuthConfig },
      }),
      async () => ({ google_client_id: ctx.config.googleClientId ?? null }),
    );

    app.get(
      '/me',
      route.user('The signed-in user', {
        response: { 200: User },
      }),
      async (request) => toApiUser(userOf(request)),
    );

    app.post(
      '/refresh',
      route.open(
        'Trade the session cookie for a new access token (the cookie is rotated; 204 when there is no cookie). Needs the X-Requested-With: tracery header',
        {
          response: { 200: AuthResponse, 204: z.null(), ...errorResponses(401, 403) },
        },
      ),
      async (request, reply) => {
        assertSameOriginRequest(request, ctx.config.publicUrl);
        const session = await refreshSession(ctx, request, reply);
        return session ?? reply.status(204).send(null);
      },
    );

    app.post(
      '/logout',
      route.optionalUser(
        'End this session (its access token and its session cookie); with the cookie, send the X-Requested-With: tracery header',
        {
          security: [{ bearer: [] }],
          response: { 204: z.null(), ...errorResponses(403) },
        },
      ),
      async (request, reply) => {
        const principal = request.auth?.principal;
        if (request.cookies[SESSION_COOKIE] !== undefined)
          assertSameOriginRequest(request, ctx.config.publicUrl);
        else if (!principal) throw new DomainError('UNAUTHENTICATED', 'Not authenticated');
        const sessionId = principal && 'sessionId' in principal ? principal.sessionId : undefined;
        await endSession(ctx, request, reply, sessionId);
        return reply.status(204).send(null);
      },
    );
  });
}
