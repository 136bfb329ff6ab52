import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDb, type Db } from '../src/db/index.ts';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
};

/** A fresh database cloned from the migrated template, and the real app on top of it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE app_template`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Pick<AppDeps, 'now' | 'countClasses' | 'logger'>> = {},
): Promise<TestApp & { databaseUrl: string }> {
  const database = await createTestDatabase();
  const instance = await startTestInstance(database.url, env, overrides);
  return {
    ...instance,
    databaseUrl: database.url,
    close: async () => {
      await instance.close();
      await database.drop();
    },
  };
}

/** The real app on an existing test database: another instance beside a test's first one. */
export async function startTestInstance(
  databaseUrl: string,
  env: Record<string, string> = {},
  overrides: Partial<Pick<AppDeps, 'now' | 'countClasses' | 'logger'>> = {},
): Promise<TestApp> {
  const config = loadConfig({
    PUBLIC_URL: 'http://app.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const { db } = createDb(databaseUrl, { max: 5 });
  const app = await buildApp({
    config,
    db,
    jwtSecret: 'test-secret-that-is-long-enough-0123456789',
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...overrides,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

/** Parsed JSON body of an inject() response. */
export function body<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
