import { z } from 'zod';

/** Where the web app shows advertisements to free and signed-out users (§2.x ad placements). */
export const AD_PLACEMENTS = ['header', 'footer', 'sidebar', 'content', 'other'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/**
 * The ad network the deployment configured (Google AdSense: ADS_CLIENT_ID and one slot id per
 * placement). Without it, or without a visitor's consent, every placement shows Tracery's house ad.
 */
export const AdsConfigSchema = z.object({
  client_id: z.string().nullable(),
  slots: z.partialRecord(z.enum(AD_PLACEMENTS), z.string()),
});
export type AdsConfig = z.infer<typeof AdsConfigSchema>;
