import { cheapestPlanWithFormat, type OutputFormat, type Plan } from '@tracery/contracts';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import type { DecodeLimits } from '../images/decode.js';

// What each plan allows of an upload: formats, file size, pixels.
const MAX_GIF_FRAMES = 500;

/** What an upload may be on this plan (or any): its megapixels (and the server's), GIF frames. */
export const uploadLimits = (ctx: AppContext, plan?: Plan): DecodeLimits => ({
  maxPixels: Math.min(ctx.config.maxImagePixels, plan?.maxPixels ?? Infinity),
  maxFrames: MAX_GIF_FRAMES,
});

export function assertFormatInPlan(plan: Plan, format: OutputFormat): void {
  if (plan.formats.includes(format)) return;
  const needed = cheapestPlanWithFormat(format);
  throw new DomainError(
    'FORMAT_NOT_IN_PLAN',
    `${format.toUpperCase()} output is available on the ${needed.name} plan and above. Upgrade to convert to ${format.toUpperCase()}.`,
  );
}

export function assertFileSizeInPlan(plan: Plan, bytes: number): void {
  if (bytes <= plan.maxFileBytes) return;
  throw new DomainError(
    'FILE_TOO_LARGE',
    `The file is ${(bytes / 1048576).toFixed(1)} MB; the ${plan.name} plan accepts files up to ${plan.maxFileBytes / 1048576} MB`,
  );
}
