// `npm start`: build the web app and compile the server (scripts/build-server.mjs), then run the
// compiled server in this same process. One process (the script is started with `exec`) means a
// SIGTERM sent to `npm start` reaches the server itself, which then drains requests and stops its
// database. `npm run serve` (--no-build) runs what was built last.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const server = new URL('../apps/api/dist/server.js', import.meta.url);

if (!process.argv.includes('--no-build')) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; not starting the server.');
    process.exit(build.status ?? 1);
  }
} else if (!existsSync(server)) {
  console.error('Nothing is built yet: run `npm start` (or `npm run build`) first.');
  process.exit(1);
}

// stack traces point into the TypeScript source
process.setSourceMapsEnabled(true);
await import(server.href);
