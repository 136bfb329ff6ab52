import { Repository } from './db/repository.ts';

/** All SQL for secrets every instance sharing the database uses (`app_secrets`). */
export class SecretsRepository extends Repository {
  async find(name: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.value;
  }

  /** Stores the secret unless one of that name is already stored (the first one stays). */
  async insertIfAbsent(name: string, value: string): Promise<void> {
    await this.db
      .insertInto('app_secrets')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
}
