import type { ConversionOptions, OutputFormat, QualityTier } from '@tracery/contracts';

/** What the API hands a trace worker, and what comes back. Shared by the pool and the worker. */
export interface RasterData {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface TraceTask {
  /** The conversion this trace is for (for the logs). */
  conversionId: string;
  full: RasterData;
  sample: RasterData;
  format: OutputFormat;
  tier: QualityTier;
  /** What the user asked of the engine beyond the tier (absent: the engine decides). */
  options?: ConversionOptions;
  /** The id of the request that started it, for the worker's log lines. */
  requestId?: string;
  /** A batch item: runs after every waiting single conversion (fair scheduling). */
  background?: boolean;
}

/** What a worker's warm-up made before it took jobs (trace-worker.ts). */
export interface WarmUp {
  /** Layers of each of the engine's warm-up traces. */
  layers: number[];
  /** Bytes of the SVG of its conversion of the warm-up picture. */
  svgBytes: number;
}

/** An upload to decode off the event loop (see images/decode.ts for the limits). */
export interface DecodeTask {
  bytes: Uint8Array;
  limits: { maxPixels: number; maxFrames: number };
}

/** A stored vector (the engine's document as JSON) to write in another format. */
export interface WriteTask {
  vector: Uint8Array;
  format: OutputFormat;
}

/** The buffers a message can hand over without a copy (not views into Node's shared pool). */
export function transferable(...arrays: ArrayBufferView[]): ArrayBuffer[] {
  return arrays
    .filter((a) => a.byteOffset === 0 && a.byteLength === a.buffer.byteLength)
    .map((a) => a.buffer as ArrayBuffer);
}

export interface TraceOutcome {
  output: Uint8Array;
  /** The traced document as JSON: kept beside the output to write other formats without re-tracing. */
  vector: Uint8Array;
  engine: EngineName;
  scores: Record<EngineName, number>;
  recommended: EngineName;
}

export type EngineName = 'precision' | 'fast';

/**
 * The precise engine is recommended only when its measured score beats the fast one by more: the
 * score follows the mean boundary offset (quality.ts), so 0.02 is 0.02 px on average; at 0.01
 * precision was recommended on 88 of 144 DEV inputs for differences nobody sees.
 */
export const RECOMMEND_MARGIN = 0.02;

export const ENGINE_FOR_TIER: Record<QualityTier, EngineName> = {
  standard: 'precision',
  economy: 'fast',
};
