import { ErrorBody, FORMATS } from '@tracery/contracts';
import { z } from 'zod';

/** Response schemas for the error statuses a route documents. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody]));
}

/**
 * A 200 answer that is a file or stream of one of these media types. Declared per answer, not as
 * the route's `produces`, so that its error answers stay documented as the JSON they are.
 */
export function fileAnswer(mediaTypes: readonly string[], description: string) {
  const schema = z.string().describe(description);
  return { content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

/** The media types of a conversion result, one per output format. */
export const RESULT_TYPES = Object.values(FORMATS).map((f) => f.mimeType);
