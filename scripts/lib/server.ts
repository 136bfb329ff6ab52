/**
 * The real API server for the runner scripts (eval, bench): started on a free 127.0.0.1 port
 * with a fresh temporary DATA_DIR (embedded PostgreSQL), stopped and removed at the end —
 * also on Ctrl-C once stopServersOnSignal() is installed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';
import { fail, sleep } from './api.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_START_TIMEOUT_MS = 180_000;
const SERVER_STOP_TIMEOUT_MS = 30_000;

/** Questions one client address may ask per minute: the highest the server accepts. */
export const RUNNER_CHAT_RATE_LIMIT = 100_000;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok, error) => server.once('error', error).listen(0, '127.0.0.1', ok));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address === 'string') fail('could not find a free port');
  return address.port;
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the server exited (code ${child.exitCode}) while starting`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      await res.body?.cancel();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  fail(`the server did not answer /api/health within ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export type LocalServer = {
  baseUrl: string;
  /** set with `ownDatabase`: the runner may seed the database directly */
  databaseUrl?: string;
  /** the server process (its RSS is what a bench watches) */
  pid: number;
  stop: () => Promise<void>;
};

/** Stops of the servers this process started, for a Ctrl-C of the command line. */
const runningServers = new Set<() => Promise<void>>();

/**
 * The compiled API on a free port with a fresh DATA_DIR (named after `name`); its output goes to stderr.
 * The chat rate limit is set to its maximum: a runner asks from one address. `env` adds to or
 * overrides the server's environment.
 */
export async function startServer(options: {
  name: string;
  log: (line: string) => void;
  env?: Record<string, string>;
  /**
   * Start the embedded PostgreSQL here and hand the server its URL (as with a managed
   * database), so that the runner can also reach the database.
   */
  ownDatabase?: boolean;
}): Promise<LocalServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `${options.name}-data-`));
  const database = options.ownDatabase
    ? await startEmbeddedPostgres({ dataDir: join(dataDir, 'own-pg') })
    : undefined;
  const databaseUrl = database?.connectionString('postgres');
  const port = await freePort();
  // the server as `npm start` runs it: compiled (decision 009), rebuilt from the current source
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT, stdio: 'pipe' });
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // a hermetic server: its own embedded database, demo payments, no mail
      DATABASE_URL: databaseUrl ?? '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      CHAT_RATE_LIMIT_PER_MINUTE: String(RUNNER_CHAT_RATE_LIMIT),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(process.stderr);
  child.stderr?.pipe(process.stderr);
  const stop = async () => {
    runningServers.delete(stop);
    await stopChild(child);
    await database?.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  runningServers.add(stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  options.log(`starting the API on ${baseUrl} (DATA_DIR ${dataDir})`);
  try {
    await waitForHealth(baseUrl, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, databaseUrl, pid: child.pid!, stop };
}

/** On Ctrl-C (or SIGTERM): stop every server started here, remove their data, exit 130. */
export function stopServersOnSignal(): void {
  const onSignal = async () => {
    await Promise.allSettled([...runningServers].map((stop) => stop()));
    process.exit(130);
  };
  process.once('SIGINT', () => void onSignal());
  process.once('SIGTERM', () => void onSignal());
}
