import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** The pool or an open transaction: repositories take either. */
export type Executor = Db | Transaction<Database>;
export type { Database };

/** One pg Pool per process; Kysely builds the queries (docs/decisions/001-query-layer.md). */
export function createDb(
  connectionString: string,
  max = 10,
  onError: (err: Error) => void = () => {},
): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', onError);
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}
