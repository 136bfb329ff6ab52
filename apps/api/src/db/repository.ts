import type { Db, Trx } from './index.ts';

/**
 * What every repository shares (the `*.repository.ts` files hold all SQL, DESIGN §3): the pool,
 * and `transaction(fn)`, so a service makes several repository calls commit together without ever
 * seeing the database. A method that may run inside one takes the transaction as an optional
 * executor (`ex`), the pool by default; any repository's method accepts any repository's `trx`.
 */
export abstract class Repository {
  constructor(protected readonly db: Db) {}

  /** Runs `fn` in one transaction: it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }
}
