import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  FORMATS,
  OUTPUT_FORMATS,
  parseTraceOptions,
  TRACE_OPTION_FIELDS,
  type OutputFormat,
} from '@tracery/contracts';
import { trace } from '@tracery/engine';
import { writeFormat } from './conversions/formats.js';
import { setPlan } from './account/set-plan.js';
import { setRole } from './account/set-role.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { decodeUpload } from './images/decode.js';
import { engineOptions } from './jobs/engine-options.js';

const USAGE = `Usage:
  tracery convert <input> -o <output> [--format svg|pdf|eps|dxf] [options]
    options: --mode auto|color|bw|grayscale|photo|pixelart|centerline  --colors N  --palette '#000000,#ffffff'
             --detail 0..1  --corner-threshold DEGREES  --speckle PIXELS  --stacking stacked|cutout
             --print-width W  --print-height H  --units px|pt|in|cm|mm
             --dxf-curves polyline|spline  --dxf-background true|false
  tracery admin set-plan <email> <plan>
  tracery admin set-role <email> user|admin`;

// Every conversion option of the API, as a --kebab-case flag.
const OPTION_FLAGS = Object.fromEntries(
  TRACE_OPTION_FIELDS.map((field) => [field.replace(/_/g, '-'), { type: 'string' as const }]),
);

async function convert(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      format: { type: 'string' },
      ...OPTION_FLAGS,
    },
  });
  const input = positionals[0];
  if (!input || !values.output)
    throw new Error(`convert needs an input file and -o <output>\n${USAGE}`);
  const format = (values.format ?? values.output.split('.').pop() ?? 'svg').toLowerCase();
  if (!OUTPUT_FORMATS.includes(format as OutputFormat)) {
    throw new Error(`Unknown format "${format}": use one of ${OUTPUT_FORMATS.join(', ')}`);
  }
  const fields = Object.fromEntries(
    TRACE_OPTION_FIELDS.map((field) => [
      field,
      (values as Record<string, string | undefined>)[field.replace(/_/g, '-')],
    ]),
  );
  const parsed = parseTraceOptions(fields);
  if (!parsed.ok) throw new Error(`--${parsed.detail.replace(/_/g, '-')}`);
  const asked = engineOptions(parsed.options);
  let bytes: Buffer;
  try {
    bytes = await readFile(input);
  } catch (error) {
    throw new Error(
      `${input}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  let image;
  try {
    image = (await decodeUpload(bytes, { maxPixels: 100_000_000, maxFrames: 10_000 })).full;
  } catch (error) {
    throw new Error(`${input}: ${(error as Error).message}`);
  }
  const doc = trace(image, asked.trace);
  await writeFile(values.output, writeFormat(doc, format as OutputFormat, asked.write));
  console.log(
    `${input} → ${values.output} (${FORMATS[format as OutputFormat].label}, ${image.width}×${image.height})`,
  );
}

async function admin(args: string[]): Promise<void> {
  const [command, email, value] = args;
  if (!['set-plan', 'set-role'].includes(command) || !email || !value) throw new Error(USAGE);
  const handle = await openDatabase(loadConfig());
  try {
    if (command === 'set-plan') {
      const user = await setPlan(handle.db, email, value);
      console.log(
        `${user.email} is now on ${user.plan_id} with ${user.credits_units / 100} credits`,
      );
    } else {
      const user = await setRole(handle.db, email, value);
      console.log(`${user.email} now has the role ${user.role}`);
    }
  } finally {
    await handle.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'convert') await convert(rest);
  else if (command === 'admin') await admin(rest);
  else throw new Error(USAGE);
} catch (error) {
  console.error(`tracery: ${(error as Error).message}`);
  process.exitCode = 1;
}
