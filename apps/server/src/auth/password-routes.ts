import { AuthResponse } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { errorResponses } from '../http/openapi.js';
import { requireUser, tokenSettings } from './guard.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { issueToken, revokeAllSessions } from './tokens.js';
import { findUserById, toApiUser } from './users.js';

/** Changing the password ends every session of the account; the caller gets a fresh token. */
export function passwordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Change your password (signs out every other session)',
          security: [{ bearer: [] }],
          body: z.object({
            current_password: z.string().max(256),
            new_password: z.string().min(8, 'Password must be at least 8 characters').max(256),
          }),
          response: { 200: AuthResponse, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => {
        const { user } = await requireUser(ctx, request);
        if (
          user.password_hash &&
          !(await verifyPassword(user.password_hash, request.body.current_password))
        ) {
          throw new DomainError('FORBIDDEN', 'The current password is not correct');
        }
        await ctx.db
          .updateTable('users')
          .set({
            password_hash: await hashPassword(request.body.new_password),
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', user.id)
          .execute();
        await revokeAllSessions(ctx.db, user.id);
        const fresh = (await findUserById(ctx.db, user.id))!;
        return {
          access_token: await issueToken(ctx.db, tokenSettings(ctx), user.id),
          token_type: 'bearer',
          user: toApiUser(fresh),
        };
      },
    );
  };
}
