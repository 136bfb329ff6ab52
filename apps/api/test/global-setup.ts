import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';

export const TEMPLATE_DB = 'app_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** connection string of the test cluster's maintenance database */
    pgAdminUrl: string;
  }
}

let embedded: EmbeddedPostgres | undefined;
let dir: string | undefined;

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set (an external server we may create
 * databases on), otherwise an embedded one with fsync off. Migrations run once into a template;
 * each test file clones it (test/app.ts).
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'syllabot-test-'));
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), fast: true });
    adminUrl = embedded.connectionString('postgres');
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE_DB}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  await migrate(pool);
  await pool.end();
  project.provide('pgAdminUrl', adminUrl);

  return async () => {
    await embedded?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
}
