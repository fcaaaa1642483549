// Builds the libraries, the server and the web app. With --if-missing, only what has no output yet,
// so `npm start` on a fresh clone builds once and later starts at once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const ifMissing = process.argv.includes('--if-missing');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const libsBuilt = [
  'packages/engine/dist/index.js',
  'packages/contracts/dist/index.js',
  'apps/server/dist/main.js',
].every(existsSync);
if (!ifMissing || !libsBuilt)
  run('npx', ['tsc', '-b', 'packages/engine', 'packages/contracts', 'apps/server']);
if (!ifMissing || !existsSync('apps/web/dist/index.html'))
  run('npm', ['run', 'build', '-w', '@tracery/web']);
