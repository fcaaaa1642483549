import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { FORMATS, OUTPUT_FORMATS, type OutputFormat } from '@tracery/contracts';
import { trace, type TraceMode } from '@tracery/engine';
import { writeFormat } from './conversions/formats.js';
import { setPlan } from './account/set-plan.js';
import { setRole } from './account/set-role.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { decodeUpload } from './images/decode.js';

const USAGE = `Usage:
  tracery convert <input> -o <output> [--format svg|pdf|eps|dxf] [--mode auto|bw|grayscale|color|photo|pixelart] [--colors N]
  tracery admin set-plan <email> <plan>
  tracery admin set-role <email> user|admin`;

const MODES = ['auto', 'bw', 'grayscale', 'color', 'photo', 'pixelart'] as const;

async function convert(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      format: { type: 'string' },
      mode: { type: 'string', default: 'auto' },
      colors: { type: 'string' },
    },
  });
  const input = positionals[0];
  if (!input || !values.output)
    throw new Error(`convert needs an input file and -o <output>\n${USAGE}`);
  const format = (values.format ?? values.output.split('.').pop() ?? 'svg').toLowerCase();
  if (!OUTPUT_FORMATS.includes(format as OutputFormat)) {
    throw new Error(`Unknown format "${format}": use one of ${OUTPUT_FORMATS.join(', ')}`);
  }
  if (!MODES.includes(values.mode as TraceMode))
    throw new Error(`Unknown mode "${values.mode}": use one of ${MODES.join(', ')}`);
  const colors = values.colors === undefined ? undefined : Number(values.colors);
  if (colors !== undefined && !(Number.isInteger(colors) && colors >= 2 && colors <= 256)) {
    throw new Error(`--colors must be a whole number from 2 to 256, not "${values.colors}"`);
  }
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
  const doc = trace(image, { mode: values.mode as TraceMode, colors });
  await writeFile(values.output, writeFormat(doc, format as OutputFormat));
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
