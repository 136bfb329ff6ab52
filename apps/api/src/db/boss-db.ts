import { CompiledQuery } from 'kysely';
import type { Db } from 'pg-boss';
import type { Executor } from './index.ts';

/** pg-boss's SQL runs through our Kysely pool or transaction: one pool, one error handling. */
export function bossDb(ex: Executor): Db {
  return {
    executeSql: async (text, values) => {
      const result = await ex.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}
