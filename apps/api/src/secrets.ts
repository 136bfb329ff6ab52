import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SecretsRepository } from './secrets.repository.ts';

/**
 * The secret named `name` that every instance sharing this database uses: the stored one, or
 * `initial()` stored first. Concurrent first starts agree on whichever was stored first.
 */
async function sharedSecret(
  repo: SecretsRepository,
  name: string,
  initial: () => Promise<string>,
): Promise<string> {
  const stored = await repo.find(name);
  if (stored !== undefined) return stored;
  await repo.insertIfAbsent(name, await initial());
  const kept = await repo.find(name);
  if (kept === undefined) throw new Error(`the secret ${name} was not stored`);
  return kept;
}

/**
 * JWT_SECRET when set. Otherwise one kept in the database, so that every instance sharing it
 * accepts the others' tokens; on its first start it adopts the secret an earlier version kept in
 * DATA_DIR/jwt-secret (signed-in teachers stay signed in), or makes a new one.
 */
export async function loadOrCreateJwtSecret(
  repo: SecretsRepository,
  dataDir: string,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  return sharedSecret(repo, 'jwt_secret', async () => {
    const kept = await fs
      .readFile(path.resolve(dataDir, 'jwt-secret'), 'utf8')
      .then((s) => s.trim())
      .catch(() => '');
    return kept.length >= 32 ? kept : randomBytes(48).toString('base64url');
  });
}
