import { useState } from 'react';
import type { OutputFormat, QualityTier } from '@tracery/contracts';

/** The output format and quality tier chosen on /convert or /batch (SVG, standard at first). */
export function useConversionSettings() {
  const [outputFormat, setOutputFormat] = useState<OutputFormat>('svg');
  const [tier, setTier] = useState<QualityTier>('standard');
  return { outputFormat, tier, setOutputFormat, setTier };
}

export type ConversionSettingsState = ReturnType<typeof useConversionSettings>;
