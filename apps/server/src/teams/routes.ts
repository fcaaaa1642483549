import { TeamAnswer, TeamInvitation } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { errorResponses } from '../http/openapi.js';
import { RateLimiter } from '../http/rate-limit.js';
import { accept, invite, removeFromTeam, revoke, teamOf } from './service.js';

/** Business teams: 3 seats including the owner, one shared credit pool. */
export function teamRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const invites = new RateLimiter(ctx.counters, 'invites', 20, 3600_000);
  return featureRoutes(ctx, 'teams', async (app, route) => {
    app.get(
      '/',
      route.user('The team you own or belong to (null when none)', {
        response: { 200: TeamAnswer },
      }),
      async (request) => ({ team: await teamOf(ctx, userOf(request)) }),
    );

    app.post(
      '/invitations',
      route.user(
        'Invite someone by email (Business plan owner with a confirmed address; 3 seats including the owner)',
        {
          body: z.object({ email: z.email('Enter a valid email address').max(254) }),
          response: { 201: TeamInvitation, ...errorResponses(403, 409, 422, 429) },
        },
      ),
      async (request, reply) => {
        const user = userOf(request);
        await invites.admit(user.id, 'invitations');
        return reply.status(201).send(await invite(ctx, user, request.body.email));
      },
    );

    app.post(
      '/invitations/accept',
      route.user(
        'Join a team with the token of the emailed invitation (signed in as the invitee)',
        {
          body: z.object({ token: z.string().min(10).max(200) }),
          response: {
            200: TeamAnswer,
            ...errorResponses(403, 409, 410, 422),
          },
        },
      ),
      async (request) => {
        const user = userOf(request);
        await accept(ctx, user, request.body.token);
        return { team: await teamOf(ctx, user) };
      },
    );

    app.delete(
      '/invitations/:id',
      route.user('Revoke an open invitation (owner)', {
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null(), ...errorResponses(404) },
      }),
      async (request, reply) => {
        await revoke(ctx, userOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/members/:user_id',
      route.user('Remove a member (owner), or leave the team (your own id)', {
        params: z.object({ user_id: z.string().max(64) }),
        response: { 204: z.null(), ...errorResponses(404) },
      }),
      async (request, reply) => {
        await removeFromTeam(ctx, userOf(request), request.params.user_id);
        return reply.status(204).send(null);
      },
    );
  });
}
