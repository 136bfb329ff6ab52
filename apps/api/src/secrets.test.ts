import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { createDb, type Db } from './db/index.ts';
import { SecretsRepository } from './secrets.repository.ts';
import { loadOrCreateJwtSecret } from './secrets.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let instances: Db[];
let dataDir: string;
beforeEach(async () => {
  database = await createTestDatabase();
  instances = [1, 2, 3].map(() => createDb(database.url, { max: 2 }).db);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'secrets-'));
});
afterEach(async () => {
  await Promise.all(instances.map((db) => db.destroy()));
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the JWT secret without JWT_SECRET', () => {
  it('is one secret for every instance of a database, even when they start together', async () => {
    const secrets = await Promise.all(
      instances.map((db, i) =>
        loadOrCreateJwtSecret(new SecretsRepository(db), `${dataDir}/${i}`, undefined),
      ),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    // and the same after a restart
    expect(
      await loadOrCreateJwtSecret(new SecretsRepository(instances[0]!), dataDir, undefined),
    ).toBe(secrets[0]);
  });

  it('adopts the secret an earlier version kept in DATA_DIR, so sessions survive the upgrade', async () => {
    const kept = 'k'.repeat(64);
    await writeFile(path.join(dataDir, 'jwt-secret'), kept);
    expect(
      await loadOrCreateJwtSecret(new SecretsRepository(instances[0]!), dataDir, undefined),
    ).toBe(kept);
    expect(
      await loadOrCreateJwtSecret(new SecretsRepository(instances[1]!), '/nonexistent', undefined),
    ).toBe(kept);
  });

  it('JWT_SECRET, when set, wins', async () => {
    const configured = 'c'.repeat(40);
    expect(
      await loadOrCreateJwtSecret(new SecretsRepository(instances[0]!), dataDir, configured),
    ).toBe(configured);
  });
});
