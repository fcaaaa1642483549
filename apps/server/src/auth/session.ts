import type { AuthResponse } from '@tracery/contracts';
import type { AppContext } from '../context.js';
import { tokenSettings } from './guard.js';
import { issueToken } from './tokens.js';
import { toApiUser, type UserRow } from './users.js';

/** A new session for the user: the answer of every call that signs someone in. */
export async function authResponse(ctx: AppContext, user: UserRow): Promise<AuthResponse> {
  return {
    access_token: await issueToken(ctx.db, tokenSettings(ctx), user.id),
    token_type: 'bearer',
    user: toApiUser(user),
  };
}
