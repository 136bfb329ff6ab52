import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db/index.ts';

/**
 * The secret named `name` that every instance sharing this database uses: the stored one, or
 * `initial()` stored first. Concurrent first starts agree on whichever was stored first.
 */
export async function sharedSecret(
  db: Db,
  name: string,
  initial: () => Promise<string>,
): Promise<string> {
  const stored = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (stored) return stored.value;
  await db
    .insertInto('app_secrets')
    .values({ name, value: await initial() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * JWT_SECRET when set. Otherwise one kept in the database, so that every instance sharing it
 * accepts the others' tokens; on its first start it adopts the secret an earlier version kept in
 * DATA_DIR/jwt-secret (signed-in teachers stay signed in), or makes a new one.
 */
export async function loadOrCreateJwtSecret(
  db: Db,
  dataDir: string,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  return sharedSecret(db, 'jwt_secret', async () => {
    const kept = await fs
      .readFile(path.resolve(dataDir, 'jwt-secret'), 'utf8')
      .then((s) => s.trim())
      .catch(() => '');
    return kept.length >= 32 ? kept : randomBytes(48).toString('base64url');
  });
}
