import type { ConversionOptions } from '@tracery/contracts';
import type { TraceOptions, WriteOptions } from '@tracery/engine';

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The API's conversion options (contracts, snake_case) as the engine's trace and write options. */
export function engineOptions(options: ConversionOptions = {}): {
  trace: Partial<TraceOptions>;
  write: WriteOptions;
} {
  return {
    trace: defined({
      mode: options.mode,
      colors: options.colors,
      palette: options.palette,
      detail: options.detail,
      cornerThreshold: options.corner_threshold,
      speckle: options.speckle,
      stacking: options.stacking,
    }),
    write: defined({
      width: options.print_width,
      height: options.print_height,
      units: options.units,
      dxfCurves: options.dxf_curves,
      dxfBackground: options.dxf_background,
    }),
  };
}
