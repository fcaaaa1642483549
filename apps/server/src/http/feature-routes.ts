import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authHooks, guarded, type Guard } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { errorResponses } from './openapi.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The route options of one feature, as `route.user(summary, {response, …})`: every route is
 * documented under the feature's OpenAPI tag with a summary (required, so no operation goes
 * undescribed); a guarded route runs its guard first, and its document names the credentials the
 * guard admits and the statuses it refuses with (the route's own response lists only the rest).
 */
function routeOptions(ctx: AppContext, tag: string) {
  const auth = authHooks(ctx);
  const behind =
    (guard: Guard) =>
    <S extends { response: object }>(summary: string, schema: S) =>
      guarded(guard, {
        tags: [tag],
        summary,
        ...schema,
        // Typed as the route's own answers: the handler never answers the guard's refusals.
        response: { ...schema.response, ...errorResponses(...guard.refuses) } as S['response'],
      });
  return {
    open: <S extends object>(summary: string, schema = {} as S) => ({
      schema: { tags: [tag], summary, ...schema },
    }),
    user: behind(auth.user),
    userOrApiKey: behind(auth.userOrApiKey),
    admin: behind(auth.admin),
    optionalUser: behind(auth.optionalUser),
    userWithMessage: (message: string) => behind(auth.userWithMessage(message)),
  };
}

/** A feature's routes plugin: `register` declares its routes with the feature's route options. */
export function featureRoutes(
  ctx: AppContext,
  tag: string,
  register: (app: App, route: ReturnType<typeof routeOptions>) => Promise<void>,
): FastifyPluginAsyncZod {
  const route = routeOptions(ctx, tag);
  return (app) => register(app, route);
}
