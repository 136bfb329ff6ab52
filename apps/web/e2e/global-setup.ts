import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import readline from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import type { FullConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Starts the real server (built SPA + API) on 127.0.0.1 with a fresh DATA_DIR and no
 * DATABASE_URL, as `npm start` would: it starts its own embedded PostgreSQL. E2E_DATABASE_URL,
 * built from that server's port (its postmaster.pid) and password (DATA_DIR/.pg-password, README
 * "Back up"), is passed to the test workers so they can read the e-mail outbox. The server's
 * team-chat app is a fake Slack started first (E2E_SLACK_CONTROL: its control URL, for workers).
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const port = new URL(baseURL).port;
  // another server on this port would silently answer our health checks and the tests
  if (!(await portIsFree(Number(port)))) {
    throw new Error(
      `Port ${port} is already in use; stop what runs there or set E2E_PORT to a free port.`,
    );
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'syllabot-e2e-'));
  process.env.E2E_BASE_URL = baseURL;

  // the fake Slack (a process: journeys never import API test code) the server is configured with
  const slack = await startFakeSlack();
  process.env.E2E_SLACK_CONTROL = slack.control;

  // the server as `npm start` runs it: compiled by `npm run build`, which test:e2e runs first
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // every journey's visitor comes from 127.0.0.1
      TRIAL_SESSIONS_PER_DAY: '1000',
      // fixtures register teachers through the API, each from its own X-Forwarded-For address
      TRUST_PROXY: '1',
      ...slack.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null || i > 1200) {
      await stop(slack.process);
      throw new Error('the server did not start for the e2e tests');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  process.env.E2E_DATABASE_URL = await embeddedDatabaseUrl(dir);

  return async () => {
    server.kill('SIGTERM');
    await exited;
    await stop(slack.process);
    await fs.rm(dir, { recursive: true, force: true });
  };
}

/**
 * Starts apps/api/test/fakes/slack-server.ts and reads the line it prints once ready: the SLACK_*
 * variables that point the server at it, and its control URL (workers add workspaces and files,
 * deliver signed events and read what the bot posted through it).
 */
async function startFakeSlack(): Promise<{
  process: ChildProcess;
  env: Record<string, string>;
  control: string;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/api/test/fakes/slack-server.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const line = await new Promise<string | undefined>((resolve) => {
    lines.once('line', resolve);
    child.once('exit', () => resolve(undefined));
  });
  lines.close();
  if (!line) throw new Error('the fake Slack did not start for the e2e tests');
  const ready = JSON.parse(line) as { env: Record<string, string>; control: string };
  return { process: child, ...ready };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The server's embedded PostgreSQL: port from its postmaster.pid, password beside DATA_DIR. */
async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const pid = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pid.split('\n')[3]);
  const password = (await fs.readFile(path.join(dataDir, '.pg-password'), 'utf8')).trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

/** The database the server creates in its embedded PostgreSQL (apps/api/src/server.ts). */
const DATABASE_NAME = 'syllabot';
