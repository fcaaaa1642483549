import { ChatOverview } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { pageLimit } from '../http/page-limit.js';
import { featureRoutes } from '../http/feature-routes.js';
import { errorResponses } from '../http/openapi.js';
import { recentSessions, unansweredQuestions } from './repository.js';

/** The admin panel's view of the assistant: recent conversations and what it could not answer. */
export function chatAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return featureRoutes(ctx, 'admin', async (app, route) => {
    app.get(
      '/',
      route.admin('Recent chat conversations and the questions the assistant could not answer', {
        querystring: z.object({ limit: pageLimit(100, 20) }),
        response: { 200: ChatOverview, ...errorResponses(422) },
      }),
      async (request) => {
        const { limit } = request.query;
        const [recent, unanswered] = await Promise.all([
          recentSessions(ctx.db, limit),
          unansweredQuestions(ctx.db, limit),
        ]);
        return {
          recent: recent.map((r) => ({
            session_id: r.id,
            account_email: r.email ?? null,
            created_at: r.created_at,
            last_active_at: r.last_active_at,
            messages: Number(r.messages ?? 0),
            first_question: r.first_question ?? null,
          })),
          unanswered: unanswered.map((u) => ({
            question: u.question,
            count: Number(u.count),
            last_asked_at: String(u.last_asked_at),
          })),
        };
      },
    );
  });
}
