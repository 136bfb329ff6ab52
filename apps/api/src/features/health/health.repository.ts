import { sql } from 'kysely';
import { Repository } from '../../db/repository.ts';

/** The one query of the readiness check. */
export class HealthRepository extends Repository {
  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }
}
