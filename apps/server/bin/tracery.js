#!/usr/bin/env node
// The `tracery` command; the CLI itself is compiled to dist/ by `npm run build`.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('tracery: not built yet; run `npm run build` first');
  process.exit(1);
}
await import(cli.href);
