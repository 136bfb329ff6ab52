import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

const EMBEDDED = fileURLToPath(new URL('./embedded.ts', import.meta.url));
let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A server process that starts its embedded PostgreSQL and then is killed outright. */
async function startAndKill(dataDir: string): Promise<number> {
  const script = `const { startEmbeddedPostgres } = await import(${JSON.stringify(EMBEDDED)});
await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, fast: true });
console.log('READY');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('READY') && resolve());
    child.once('exit', (code) => reject(new Error(`the server exited early (${code})`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL'); // no shutdown, no exit hook: its PostgreSQL is left running
  await exited;
  return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('embedded PostgreSQL after the server was killed outright', () => {
  it('stops the PostgreSQL left running on its data directory and starts cleanly', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'embedded-stale-'));
    const dataDir = path.join(dir, 'pg');
    const stale = await startAndKill(dataDir);
    expect(alive(stale)).toBe(true); // what made the next start fail with "postmaster.pid already exists"

    const embedded = await startEmbeddedPostgres({ dataDir, fast: true });
    try {
      const client = new pg.Client({ connectionString: embedded.connectionString() });
      await client.connect();
      const { rows } = await client.query('SELECT 1 AS one');
      await client.end();
      expect(rows).toEqual([{ one: 1 }]);
      const current = Number(
        readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      expect(current).not.toBe(stale);
    } finally {
      await embedded.stop();
    }
  }, 120_000);
});
