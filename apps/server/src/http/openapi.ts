import { ErrorBody } from '@tracery/contracts';

/** Response schemas for the error statuses a route documents. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody]));
}
