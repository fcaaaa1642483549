import {
  COMPLEXITY_DEFAULT,
  CostEstimate,
  CREDIT_UNITS,
  QualityTierSchema,
  conversionCostUnits,
  costBreakdown,
  UsageQuery,
  UsageResponse,
} from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { errorResponses } from '../http/openapi.js';
import { featureRoutes } from '../http/feature-routes.js';
import { usage } from './usage.js';

const MB = 1024 * 1024;

/**
 * The cost estimate (computed by the same function the upload charges with) and the account's
 * own usage over time.
 */
export function analyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return featureRoutes(ctx, 'analytics', async (app, route) => {
    app.get(
      '/usage',
      route.user('Your conversions and credits by day, format and tier over a range of days', {
        description:
          'Days are UTC; `from` and `to` are inclusive (default: the last 30 days, at most 366). Failed conversions are refunded and count 0 credits. Includes conversions whose files have expired.',
        querystring: UsageQuery,
        response: { 200: UsageResponse, ...errorResponses(422) },
      }),
      async (request) => usage(ctx.db, userOf(request).id, request.query),
    );

    app.get(
      '/credit-optimization',
      route.open('What a conversion will cost, and how to pay less', {
        querystring: z.object({
          file_size: z.coerce
            .number()
            .int()
            .min(0)
            .max(1024 * MB),
          // The image's size in pixels (its header): what the upload is charged by.
          width: z.coerce.number().int().min(1).max(100_000).optional(),
          height: z.coerce.number().int().min(1).max(100_000).optional(),
          complexity: z.coerce.number().min(0).max(1).default(COMPLEXITY_DEFAULT),
          quality_tier: QualityTierSchema.default('standard'),
        }),
        response: { 200: CostEstimate, ...errorResponses(422) },
      }),
      async (request) => {
        const { width, height, quality_tier } = request.query;
        // Without its size the image is priced at the base rate (what any image up to 4 MP costs).
        const pixels = width && height ? width * height : 0;
        const breakdown = costBreakdown(pixels, quality_tier);
        const suggestions: { message: string }[] = [];
        if (quality_tier === 'standard') {
          const economy = conversionCostUnits(pixels, 'economy') / CREDIT_UNITS;
          suggestions.push({
            message: `Economy tier would cost ${economy} credits (40% less), with coarser fitting and fewer colours.`,
          });
        }
        if (breakdown.size_factor > 1) {
          suggestions.push({
            message:
              'Images up to 4 megapixels cost the base rate: scale the image down to pay less.',
          });
        }
        if (!pixels) {
          suggestions.push({
            message:
              'Images above 4 megapixels cost more: send width and height for the exact price.',
          });
        }
        if (suggestions.length === 0) {
          suggestions.push({ message: 'This is already the lowest price for this file.' });
        }
        return {
          credit_cost: breakdown.total,
          cost_details: { cost_breakdown: breakdown },
          optimization_suggestions: { suggestions },
        };
      },
    );
  });
}
