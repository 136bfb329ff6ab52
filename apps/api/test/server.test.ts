import { spawn, execSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

// `npm start` runs the compiled server: these tests build it (about a second) and run that
beforeAll(() => {
  execSync('node scripts/build-server.mjs', { cwd: root, stdio: 'pipe' });
}, 60_000);

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
  }) as ChildProcessWithoutNullStreams;
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** The bound only ends a broken run: a busy machine may take long to start the server. */
async function waitForHealth(port: number, server: { output(): string }) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/** Waits for `done()` on real turns of the event loop; the bound only ends a broken run. */
async function until(done: () => boolean) {
  const deadline = Date.now() + 60_000;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

const postgresRunningFor = (dir: string) => {
  try {
    return execSync('ps -eo args', { encoding: 'utf8' }).includes(path.join(dir, 'postgres'));
  } catch {
    return false;
  }
};

describe('the server process (npm start)', () => {
  it('starts an embedded PostgreSQL, keeps data across restarts, and stops cleanly on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'syllabot-server-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };

    const first = startServer(env);
    await waitForHealth(port, first);
    const reg = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'keep@uni.test',
        password: 'Maple-Lantern-4827',
        first_name: 'K',
        last_name: 'P',
      }),
    });
    expect(reg.status).toBe(201);
    expect(first.output()).toMatch(/"startupMs":\d+,"compiled":true/);
    // the compiled extraction workers read a real PDF
    const trial = await fetch(`http://127.0.0.1:${port}/api/trial/session`, { method: 'POST' });
    const form = new FormData();
    form.set(
      'session_id',
      ((await trial.json()) as { data: { session_id: string } }).data.session_id,
    );
    form.set(
      'file',
      new Blob([await fs.readFile(path.join(root, 'apps/api/test/fixtures/text.pdf'))]),
      'text.pdf',
    );
    const upload = await fetch(`http://127.0.0.1:${port}/api/trial/upload`, {
      method: 'POST',
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    expect(
      ((await upload.json()) as { data: { word_count: number } }).data.word_count,
    ).toBeGreaterThan(50);
    // an in-flight request finishes during shutdown
    const inflight = fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keep@uni.test', password: 'Maple-Lantern-4827' }),
    });
    // signal once the server has the request (its log says so), however busy the machine
    await until(() => first.output().includes('/api/auth/login'));
    first.child.kill('SIGTERM');
    expect((await inflight).status).toBe(200);
    expect(await first.exited, first.output().slice(-3000)).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(postgresRunningFor(dataDir)).toBe(false);

    const second = startServer(env);
    await waitForHealth(port, second);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'KEEP@uni.test', password: 'Maple-Lantern-4827' }),
    });
    expect(login.status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(postgresRunningFor(dataDir)).toBe(false);
  }, 300_000);

  it('stops the server and its database when its process group gets SIGTERM under load', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'syllabot-npm-'));
    dirs.push(dataDir);
    const port = await freePort();
    const npm = spawn('npm', ['run', 'serve'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
      detached: true, // its own process group, as a terminal or a supervisor gives it
    });
    let output = '';
    npm.stdout.on('data', (d) => (output += d));
    npm.stderr.on('data', (d) => (output += d));
    await waitForHealth(port, { output: () => output });
    // under load: requests keep coming while the whole group is signalled
    let loading = true;
    const load = (async () => {
      while (loading)
        await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => (loading = false));
    })();
    // every process of the group is done once its output closes
    const closed = new Promise((resolve) => npm.once('close', resolve));
    process.kill(-npm.pid!, 'SIGTERM'); // what `kill -- -PGID`, a terminal or a supervisor sends
    await closed;
    loading = false;
    await load;
    expect(output).toContain('stopped cleanly');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    expect(postgresRunningFor(dataDir)).toBe(false);
  }, 300_000);

  it('refuses to start with a bad configuration, naming the key', async () => {
    const server = startServer({ PORT: 'not-a-port', DATA_DIR: '/nonexistent' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });
});
