import { z } from 'zod';

/** An API key as listed: never the key itself. */
export const ApiKeyInfo = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

/** GET /api/developer/keys */
export const ApiKeyList = z.object({ keys: z.array(ApiKeyInfo) });

/** POST /api/developer/keys: the only answer that shows the key and its webhook secret. */
export const CreatedApiKey = ApiKeyInfo.extend({
  key: z.string(),
  webhook_secret: z
    .string()
    .describe('Signs webhook deliveries (Tracery-Signature); shown only here'),
});
