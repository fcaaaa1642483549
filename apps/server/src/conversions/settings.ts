import {
  OUTPUT_FORMATS,
  OutputFormatSchema,
  parseTraceOptions,
  QUALITY_TIERS,
  QualityTierSchema,
  TRACE_OPTIONS_DOC,
  type ConversionOptions,
  type OutputFormat,
  type QualityTier,
} from '@tracery/contracts';
import { DomainError } from '../errors.js';

export interface ConversionSettings {
  format: OutputFormat;
  tier: QualityTier;
  options: ConversionOptions;
}

/** The form fields every conversion route reads, for its OpenAPI description. */
export const SETTINGS_DOC = `output_format: ${OUTPUT_FORMATS.join(' | ')} (default svg); quality_tier: ${QUALITY_TIERS.join(' | ')} (default standard). Optional engine options: ${TRACE_OPTIONS_DOC}.`;

/** A conversion's settings from its form fields; the first wrong one is a 422 that names it. */
export function conversionSettings(fields: Record<string, string>): ConversionSettings {
  const format = OutputFormatSchema.safeParse(fields.output_format ?? 'svg');
  if (!format.success)
    throw new DomainError(
      'VALIDATION_FAILED',
      `output_format: must be one of ${OUTPUT_FORMATS.join(', ')}`,
    );
  const tier = QualityTierSchema.safeParse(fields.quality_tier ?? 'standard');
  if (!tier.success)
    throw new DomainError(
      'VALIDATION_FAILED',
      `quality_tier: must be one of ${QUALITY_TIERS.join(', ')}`,
    );
  const options = parseTraceOptions(fields);
  if (!options.ok) throw new DomainError('VALIDATION_FAILED', options.detail);
  return { format: format.data, tier: tier.data, options: options.options };
}
