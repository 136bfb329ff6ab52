// `npm start`: build the web app, then run the server in this same process. One process (the
// script is started with `exec`) means a SIGTERM sent to `npm start` reaches the server itself,
// which then drains requests and stops its database.
import { spawnSync } from 'node:child_process';

if (!process.argv.includes('--no-build')) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@app/web'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app did not build; not starting the server.');
    process.exit(build.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/api/src/server.ts');
