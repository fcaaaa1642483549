import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawing, svgDifference } from './helpers/images.js';

const BIN = new URL('../bin/tracery.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'tracery-cli-'));
const tracery = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });

describe('tracery CLI', () => {
  it('converts a PNG to an SVG that renders like it', async () => {
    const png = await drawing();
    writeFileSync(join(dir, 'in.png'), png);
    const r = tracery('convert', join(dir, 'in.png'), '-o', join(dir, 'out.svg'));
    expect(r.status, r.stderr).toBe(0);
    const svg = readFileSync(join(dir, 'out.svg'), 'utf8');
    expect(await svgDifference(svg, png)).toBeLessThan(12);
  });

  it('writes the format asked for', async () => {
    writeFileSync(join(dir, 'in.png'), await drawing());
    const r = tracery(
      'convert',
      join(dir, 'in.png'),
      '-o',
      join(dir, 'out.bin'),
      '--format',
      'pdf',
      '--mode',
      'color',
      '--colors',
      '3',
    );
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'out.bin')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('names the file and the problem for unreadable input, with a non-zero exit', () => {
    writeFileSync(join(dir, 'fake.png'), '<html>not an image</html>');
    const missing = tracery('convert', join(dir, 'missing.png'), '-o', join(dir, 'x.svg'));
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('missing.png');
    expect(missing.stderr).toMatch(/cannot read/);
    const fake = tracery('convert', join(dir, 'fake.png'), '-o', join(dir, 'x.svg'));
    expect(fake.status).not.toBe(0);
    expect(fake.stderr).toContain('fake.png');
    expect(fake.stderr).toMatch(/not a supported image/);
    const badFormat = tracery(
      'convert',
      join(dir, 'fake.png'),
      '-o',
      join(dir, 'x.svg'),
      '--format',
      'gif',
    );
    expect(badFormat.status).not.toBe(0);
    expect(badFormat.stderr).toMatch(/Unknown format/);
  });

  it('takes every conversion option of the API as a flag, and names a wrong one', async () => {
    writeFileSync(join(dir, 'in.png'), await drawing());
    const out = join(dir, 'printed.svg');
    const r = tracery(
      'convert',
      join(dir, 'in.png'),
      '-o',
      out,
      '--palette',
      '#000000,#ffffff',
      '--detail',
      '0.7',
      '--corner-threshold',
      '70',
      '--speckle',
      '4',
      '--stacking',
      'cutout',
      '--print-width',
      '4',
      '--units',
      'in',
    );
    expect(r.status, r.stderr).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toMatch(/width="4in"/);
    const fills = new Set([...svg.matchAll(/fill="(#[0-9a-f]+)"/gi)].map((m) => m[1]));
    for (const fill of fills) expect(['#000000', '#ffffff', '#000', '#fff']).toContain(fill);
    const wrong = tracery('convert', join(dir, 'in.png'), '-o', out, '--corner-threshold', '400');
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toMatch(/--corner-threshold: must be an angle in degrees from 0 to 180/);
  });
});
