import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDb } from '../../db/index.ts';
import { freePort } from '../../db/embedded.ts';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/health', () => {
  it('reports ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers /health/ready like /health, and /health/live without the database', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(body(ready)).toMatchObject({ status: 'ok', database: 'up' });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(body(live)).toMatchObject({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const port = await freePort(); // nothing listens there
    const { db } = createDb(`postgresql://postgres:x@127.0.0.1:${port}/none`, { max: 1 });
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      db,
      jwtSecret: 'x'.repeat(40),
      logger: pino({ level: 'silent' }),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({ status: 'degraded', database: 'down' });
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      // the process itself is fine: a supervisor must not restart it
      const live = await app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      // any route that needs the database: retry later, in the error shape
      const session = await app.inject({
        method: 'GET',
        url: '/api/chat/session/6f1c2b8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f',
      });
      expect(session.statusCode).toBe(503);
      expect(session.headers['retry-after']).toBe('5');
      expect(body(session)).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

describe('API conventions', () => {
  it('serves the OpenAPI document listing every auth route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(body<{ paths: Record<string, unknown> }>(res).paths);
    for (const p of [
      '/api/health',
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/logout',
      '/api/auth/refresh',
      '/api/auth/reset-password',
      '/api/auth/update-password',
      '/api/auth/profile',
    ]) {
      expect(paths).toContain(p);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers an unknown API route with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({
      success: false,
      detail: 'No route for GET /api/nothing-here',
      code: 'NOT_FOUND',
    });
  });

  it('gives every request a unique id in X-Request-Id, keeping a sane one it was sent', async () => {
    const ids = await Promise.all(
      [1, 2].map(
        async () =>
          (await t.app.inject({ method: 'GET', url: '/api/health/live' })).headers['x-request-id'],
      ),
    );
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'lb-7f3a9c21.42' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21.42'); // error replies carry it too
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'x" level=60 msg="forged' },
    });
    expect(forged.headers['x-request-id']).not.toContain('forged');
  });

  it('asks browsers to upgrade to https only when the app is served over https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const secure = await createTestApp({ PUBLIC_URL: 'https://ta.example.edu' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
