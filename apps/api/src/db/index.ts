import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** An open transaction, as `Repository.transaction(fn)` hands it to `fn`. */
export type Trx = Transaction<Database>;
/** The pool or an open transaction: repositories take either. */
export type Executor = Db | Trx;
export type { Database };

type PoolOptions = {
  /** connections at most (DATABASE_POOL_SIZE) */
  max?: number;
  /** a statement running longer is cancelled by PostgreSQL (DATABASE_STATEMENT_TIMEOUT_MS; 0: none) */
  statementTimeoutMs?: number;
  /** a connection lost while idle or between queries; the pool replaces it */
  onError?: (err: Error) => void;
};

/** How long a request waits for a free connection before it is told to retry (503). */
const CONNECT_TIMEOUT_MS = 10_000;

/** One pg Pool per process; Kysely builds the queries (docs/decisions/001-query-layer.md). */
export function createDb(
  connectionString: string,
  { max = 10, statementTimeoutMs = 0, onError = () => {} }: PoolOptions = {},
): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // a peer that vanished (failover, a dropped network) is noticed instead of waited on forever
    keepAlive: true,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // A connection lost while idle (the pool's event) or while checked out between two queries
  // (the client's own event) must fail only the work using it, never crash the process.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: everyStatementsRows(pool) }) }),
    pool,
  };
}

/**
 * A statement that begins with `/* prepared:NAME *\/` is prepared once per connection under that
 * name and then only executed: PostgreSQL plans it once (a generic plan, once five custom plans
 * showed it is as good) instead of on every call. For the few fixed statements every ask runs,
 * whose planning cost more than their execution; never for SQL whose text varies (each distinct
 * name stays prepared for the connection's life).
 */
const PREPARED = /^\s*\/\* prepared:([a-z][a-z0-9-]*) \*\//;

/**
 * The pool as Kysely sees it, except that a query of several statements (sent without
 * parameters) answers with the rows of all of them: pg gives an array of results there, of which
 * Kysely would keep none. pg-boss runs much of its SQL that way (`BEGIN; …; COMMIT`) and reads
 * those rows (db/boss-db.ts). A single statement's result is pg's own. A batch that begins its own
 * transaction and fails is rolled back, as pg's own pool.query would by dropping the connection.
 */
function everyStatementsRows(pool: pg.Pool): PostgresPool {
  const OPENS_TRANSACTION = /^\s*BEGIN\s*;/i;
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((query: string | pg.Submittable, parameters?: unknown[]) => {
      if (typeof query !== 'string') return client.query(query);
      const name = PREPARED.exec(query)?.[1];
      if (name) return client.query({ name, text: query, values: parameters });
      return client.query(query, parameters).then(
        (result: pg.QueryResult | pg.QueryResult[]) =>
          Array.isArray(result)
            ? { ...result[result.length - 1]!, rows: result.flatMap((r) => r.rows ?? []) }
            : result,
        async (err: unknown) => {
          // A batch that opens its own transaction and fails half-way leaves it open and aborted;
          // end it before the connection goes back to the pool, or the next user of it would fail.
          if (OPENS_TRANSACTION.test(query)) await client.query('ROLLBACK').catch(() => {});
          throw err;
        },
      );
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/**
 * PostgreSQL's connection-exception and shutdown codes, too many connections, a statement
 * cancelled by the statement timeout, and a lock not granted within its lock timeout.
 */
const UNAVAILABLE_CODES = /^(08...|57P01|57P02|57P03|53300|57014|55P03)$/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly|the database system is (shutting down|starting up|in recovery mode)/i;

/**
 * The database could not be reached or dropped the connection mid-request (a failover, a restart,
 * every connection busy): the request may be retried, unlike a bug.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || NETWORK_CODES.has(code)))
    return true;
  return UNAVAILABLE_MESSAGES.test(err.message);
}
