/**
 * Stand-in for '@tracery/engine' used only when that package has not been built yet
 * (vite.config.ts and tsconfig.json fall back to it). The preview then reports itself unavailable.
 */
export interface RasterImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}
export type VectorDoc = { width: number; height: number };
export type TraceOptions = Record<string, unknown>;

export const enginePresets: Record<string, TraceOptions> = { fast: {}, precision: {} };

export function trace(_image: RasterImage, _options?: TraceOptions): VectorDoc {
  throw new Error('The tracing engine is not built');
}

export function toSvg(_doc: VectorDoc): string {
  throw new Error('The tracing engine is not built');
}
