import { parseTraceOptions, type ConversionOptions } from '@tracery/contracts';
import type { Db } from '../db/connect.js';
import { DomainError } from '../errors.js';
import { findTraceDefaults, saveTraceDefaults } from './repository.js';

export const traceDefaultsOf = (db: Db, userId: string): Promise<ConversionOptions> =>
  findTraceDefaults(db, userId);

/**
 * Replaces the account's defaults with `fields` (an empty object clears them). The same rules as
 * a conversion's options, so saved defaults are always options a conversion accepts.
 */
export async function replaceTraceDefaults(
  db: Db,
  userId: string,
  fields: Record<string, unknown>,
): Promise<ConversionOptions> {
  const parsed = parseTraceOptions(fields);
  if (!parsed.ok) throw new DomainError('VALIDATION_FAILED', parsed.detail);
  await saveTraceDefaults(db, userId, parsed.options);
  return parsed.options;
}
