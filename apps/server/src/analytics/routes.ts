import {
  COMPLEXITY_DEFAULT,
  CostEstimate,
  CREDIT_UNITS,
  QualityTierSchema,
  conversionCostUnits,
  costBreakdown,
} from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/openapi.js';

const MB = 1024 * 1024;

/** The cost estimate: computed by the same function the upload charges with. */
export function analyticsRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/credit-optimization',
      {
        schema: {
          tags: ['analytics'],
          summary: 'What a conversion will cost, and how to pay less',
          querystring: z.object({
            file_size: z.coerce
              .number()
              .int()
              .min(0)
              .max(1024 * MB),
            complexity: z.coerce.number().min(0).max(1).default(COMPLEXITY_DEFAULT),
            quality_tier: QualityTierSchema.default('standard'),
          }),
          response: { 200: CostEstimate, ...errorResponses(422) },
        },
      },
      async (request) => {
        const { file_size, quality_tier } = request.query;
        const breakdown = costBreakdown(file_size, quality_tier);
        const suggestions: { message: string }[] = [];
        if (quality_tier === 'standard') {
          const economy = conversionCostUnits(file_size, 'economy') / CREDIT_UNITS;
          suggestions.push({
            message: `Economy tier would cost ${economy} credits (40% less), with coarser fitting and fewer colours.`,
          });
        }
        if (breakdown.size_factor > 1) {
          suggestions.push({
            message:
              'Files up to 5 MB cost the base rate: export a smaller PNG or JPEG to pay less.',
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
  };
}
