import { z } from 'zod';

/**
 * What a conversion may ask of the engine beyond format and tier: one schema for the upload
 * API, /api/v1 (single, jobs and batches), the CLI and the web app. Every field is optional;
 * an absent field lets the engine decide from the image.
 */
export const TRACE_MODES = [
  'auto',
  'color',
  'bw',
  'grayscale',
  'photo',
  'pixelart',
  'centerline',
] as const;
export type TraceModeOption = (typeof TRACE_MODES)[number];
export const STACKING_MODES = ['stacked', 'cutout'] as const;
export const PRINT_UNITS = ['px', 'pt', 'in', 'cm', 'mm'] as const;
export type PrintUnit = (typeof PRINT_UNITS)[number];
export const DXF_CURVES = ['polyline', 'spline'] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;
const number = (min: number, max: number, what: string) =>
  z.coerce
    .number({ error: `must be a number from ${min} to ${max}` })
    .min(min, `must be ${what} from ${min} to ${max}`)
    .max(max, `must be ${what} from ${min} to ${max}`);

/** One of `values`, refused with the list of them. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

export const TraceOptionsSchema = z.object({
  mode: oneOf(TRACE_MODES)
    .optional()
    .describe(
      'how to trace; auto picks it from the image; centerline draws line art as open strokes along the middle of its lines',
    ),
  colors: number(2, 256, 'a whole number')
    .int('must be a whole number from 2 to 256')
    .optional()
    .describe('exact number of colours'),
  palette: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((c) => c.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(HEX, 'colours are written #rrggbb'))
        .min(2, 'give at least 2 colours')
        .max(256, 'at most 256 colours'),
    )
    .optional()
    .describe('exact colours, #rrggbb, comma-separated: the output uses only these'),
  detail: number(0, 1, 'a number')
    .optional()
    .describe('0..1, higher keeps more detail (tighter fit, smaller specks kept)'),
  corner_threshold: number(0, 180, 'an angle in degrees')
    .optional()
    .describe('degrees of turning above which a point stays a sharp corner'),
  speckle: number(0, 10_000, 'an area in pixels')
    .optional()
    .describe('regions smaller than this many pixels merge into their neighbours'),
  stacking: oneOf(STACKING_MODES)
    .optional()
    .describe(
      'stacked: shapes overlap under later ones; cutout: exact tiling, one edge per boundary',
    ),
  print_width: number(0.001, 100_000, 'a size')
    .optional()
    .describe(
      'output width in `units` (the height follows the image unless print_height is given)',
    ),
  print_height: number(0.001, 100_000, 'a size').optional().describe('output height in `units`'),
  units: oneOf(PRINT_UNITS)
    .optional()
    .describe('units of print_width and print_height (default px)'),
  dxf_curves: oneOf(DXF_CURVES)
    .optional()
    .describe(
      'DXF: curves as fine polylines (default, read by every cutter) or SPLINE entities; arcs are always arcs',
    ),
  dxf_background: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
    .transform((v) => v === true || v === 'true')
    .optional()
    .describe(
      'DXF: also cut the background that spans the whole image (default false: no page frame)',
    ),
});
export type TraceOptionsInput = z.input<typeof TraceOptionsSchema>;
export type ConversionOptions = z.output<typeof TraceOptionsSchema>;
export const TRACE_OPTION_FIELDS = Object.keys(
  TraceOptionsSchema.shape,
) as (keyof ConversionOptions)[];

/**
 * The options among form fields (strings; empty means absent), or the first problem as
 * "field: what is wrong" for a 422.
 */
export function parseTraceOptions(
  fields: Record<string, unknown>,
): { ok: true; options: ConversionOptions } | { ok: false; detail: string } {
  const present = Object.fromEntries(
    TRACE_OPTION_FIELDS.filter((k) => fields[k] !== undefined && fields[k] !== '').map((k) => [
      k,
      fields[k],
    ]),
  );
  const parsed = TraceOptionsSchema.safeParse(present);
  if (parsed.success) {
    const { colors, palette, units, print_width, print_height } = parsed.data;
    if (colors !== undefined && palette)
      return { ok: false, detail: 'colors: give either colors or palette, not both' };
    if (units && units !== 'px' && print_width === undefined && print_height === undefined)
      return { ok: false, detail: `units: give print_width or print_height in ${units}` };
    return { ok: true, options: parsed.data };
  }
  const issue = parsed.error.issues[0];
  return { ok: false, detail: `${issue.path.join('.') || 'options'}: ${issue.message}` };
}

const CHOICES: Partial<Record<keyof ConversionOptions, readonly string[]>> = {
  mode: TRACE_MODES,
  stacking: STACKING_MODES,
  units: PRINT_UNITS,
  dxf_curves: DXF_CURVES,
  dxf_background: ['true', 'false'],
};

/** The options as API documentation: one line per field. */
export const TRACE_OPTIONS_DOC = TRACE_OPTION_FIELDS.map((name) => {
  const field = TraceOptionsSchema.shape[name];
  const choices = CHOICES[name]?.join(' | ');
  return `${name}${choices ? ` (${choices})` : ''}: ${field.description}`;
}).join('; ');

/**
 * GET/PUT /api/account/trace-defaults. Free-form on the wire: the server judges the fields with
 * TraceOptionsSchema in its service, and the web app reads them the same way, so a field added
 * there needs no change here.
 */
export const TraceDefaults = z
  .record(z.string(), z.unknown())
  .describe(`Conversion options, each optional: ${TRACE_OPTIONS_DOC}`);
