import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/app.ts';
import { createDb, type Db } from './index.ts';

/**
 * pg-boss 12 sends batches of statements through our pool (db/boss-db.ts, decision 008): the
 * pool answers them with every statement's rows, and a batch that opened a transaction and
 * failed does not leave its connection inside it.
 */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDb(database.url, { max: 1 }).db; // one connection: the next query gets the same one
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

it('answers a batch with the rows of all its statements', async () => {
  const { rows } = await sql.raw('SELECT 1 AS a; SELECT 2 AS b, 3 AS c').execute(db);
  expect(rows).toEqual([{ a: 1 }, { b: 2, c: 3 }]);
  expect((await sql<{ one: number }>`SELECT ${1}::int AS one`.execute(db)).rows).toEqual([
    { one: 1 },
  ]);
});

it('rolls back a batch that opened a transaction and failed', async () => {
  await expect(
    sql.raw('BEGIN; CREATE TABLE batch_left (x int); SELECT 1 / 0; COMMIT;').execute(db),
  ).rejects.toThrow(/division by zero/);
  const { rows } = await sql<{
    open: boolean;
    left: string | null;
  }>`SELECT now() <> statement_timestamp() AS open, to_regclass('batch_left')::text AS left`.execute(
    db,
  );
  expect(rows).toEqual([{ open: false, left: null }]);
});
