import {
  PRINT_UNITS,
  STACKING_MODES,
  TRACE_MODES,
  TRACE_OPTION_FIELDS,
  TraceOptionsSchema,
  parseTraceOptions,
  type ConversionOptions,
} from '@tracery/contracts';

/** The panel's values as typed: one string per option field, '' (or absent) meaning automatic. */
export type OptionValues = Partial<Record<string, string>>;

/** Words for people, by field; a field the schema gains later falls back to its own name. */
export const FIELD_LABELS: Partial<Record<string, string>> = {
  mode: 'Image type',
  colors: 'Number of colours',
  palette: 'Exact colours',
  detail: 'Detail',
  corner_threshold: 'Corner angle (degrees)',
  speckle: 'Remove specks smaller than (pixels)',
  stacking: 'Shape layering',
  print_width: 'Width',
  print_height: 'Height',
  units: 'Units',
  dxf_curves: 'Curves in DXF files',
  dxf_background: 'DXF: also cut the page outline',
};

const CHOICE_LABELS: Partial<Record<string, string>> = {
  auto: 'Automatic: picked from the image',
  color: 'Colour artwork (logos, illustrations)',
  bw: 'Black and white (line art, text, stamps)',
  grayscale: 'Shades of grey',
  photo: 'Photo (many colours, soft shapes)',
  pixelart: 'Pixel art (keeps square pixels)',
  centerline: 'Centre lines (single strokes for engraving and plotters)',
  stacked: 'Stacked: shapes overlap slightly, easy to edit',
  cutout: 'Cut out: shapes tile exactly, for cutting and vinyl',
  px: 'pixels',
  pt: 'points',
  in: 'inches',
  cm: 'centimetres',
  mm: 'millimetres',
  polyline: 'Fine polylines (every cutter reads them)',
  spline: 'Splines (smooth, for CAD)',
};

export const humanize = (name: string) =>
  (name.charAt(0).toUpperCase() + name.slice(1)).replace(/_/g, ' ');
export const fieldLabel = (name: string) => FIELD_LABELS[name] ?? humanize(name);
export const choiceLabel = (value: string) => CHOICE_LABELS[value] ?? humanize(value);

export type FieldKind =
  | { kind: 'choice'; choices: readonly string[] }
  | { kind: 'number'; min?: number; max?: number; whole: boolean }
  | { kind: 'switch' }
  | { kind: 'text' };

interface Introspected {
  type?: string;
  options?: readonly string[];
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  unwrap?: () => Introspected;
  _zod?: { def?: { type?: string; in?: Introspected; options?: Introspected[] } };
}

/** What kind of input a field needs, read from the schema, so values and fields added there show up here. */
export function fieldKind(name: string): FieldKind {
  if (name === 'mode') return { kind: 'choice', choices: TRACE_MODES };
  if (name === 'stacking') return { kind: 'choice', choices: STACKING_MODES };
  if (name === 'units') return { kind: 'choice', choices: PRINT_UNITS };
  let field = (TraceOptionsSchema.shape as unknown as Record<string, Introspected>)[name];
  for (let i = 0; i < 5 && field; i++) {
    const type = field._zod?.def?.type;
    if (type === 'optional' || type === 'default' || type === 'nullable') field = field.unwrap!();
    else if (type === 'pipe') field = field._zod!.def!.in!;
    else break;
  }
  const type = field?._zod?.def?.type;
  if (type === 'enum') return { kind: 'choice', choices: field!.options ?? [] };
  // A yes/no that also takes the strings of a form field: z.union([z.boolean(), z.enum(['true', 'false'])]).
  const boolean = (f?: Introspected) => f?._zod?.def?.type === 'boolean';
  if (boolean(field) || (type === 'union' && field!._zod!.def!.options?.some(boolean)))
    return { kind: 'switch' };
  if (type === 'number')
    return {
      kind: 'number',
      min: field!.minValue ?? undefined,
      max: field!.maxValue ?? undefined,
      whole: Boolean(field!.isInt),
    };
  return { kind: 'text' };
}

export const fieldHelp = (name: string): string | undefined =>
  (TraceOptionsSchema.shape as unknown as Record<string, { description?: string }>)[name]
    ?.description;

/** Saved options (the server's JSON) as the panel's values. */
export function toOptionValues(options: Record<string, unknown>): OptionValues {
  const values: OptionValues = {};
  for (const name of TRACE_OPTION_FIELDS) {
    const v = options[name];
    if (v === undefined || v === null) continue;
    values[name] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  return values;
}

export type CheckedOptions =
  { ok: true; options: ConversionOptions } | { ok: false; field: string; message: string };

/** The values judged by the one schema; a problem is worded with the field's label. */
export function checkOptions(values: OptionValues): CheckedOptions {
  const parsed = parseTraceOptions(values);
  if (parsed.ok) return parsed;
  const [where, ...rest] = parsed.detail.split(': ');
  const field = where.split('.')[0];
  const what = rest
    .join(': ')
    .replace(/\b[a-z]+(_[a-z]+)*\b/g, (word) =>
      (TRACE_OPTION_FIELDS as readonly string[]).includes(word)
        ? fieldLabel(word).toLowerCase()
        : word,
    );
  const message = what.startsWith('must')
    ? `${fieldLabel(field)} ${what}.`
    : `${fieldLabel(field)}: ${what}.`;
  return { ok: false, field, message };
}

/** The options as form fields of an upload or a batch. */
export function appendOptions(form: FormData, options: ConversionOptions): void {
  for (const [name, v] of Object.entries(options)) {
    if (v === undefined) continue;
    form.append(name, Array.isArray(v) ? v.join(',') : String(v));
  }
}

/** How many options differ from automatic. */
export const changedCount = (options: ConversionOptions) =>
  Object.values(options).filter((v) => v !== undefined).length;
