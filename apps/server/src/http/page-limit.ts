import { z } from 'zod';

/** The `limit` query parameter of a list: how many rows to answer, from 1 to `max`. */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);
