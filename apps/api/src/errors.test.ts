import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';

/** An app whose one route fails with the given error, as a repository's query would. */
async function failingWith(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/fail', async () => {
    throw error;
  });
  await app.ready();
  return app;
}
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('database errors reach the client as 4xx/503 in the error shape, never 500', () => {
  it.each([
    [pgError('23505', 'duplicate key value violates unique constraint'), 409, 'CONFLICT'],
    [pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'), 422, 'VALIDATION_ERROR'],
    [
      pgError('57P01', 'terminating connection due to administrator command'),
      503,
      'SERVICE_UNAVAILABLE',
    ],
    [new Error('timeout exceeded when trying to connect'), 503, 'SERVICE_UNAVAILABLE'],
  ])('%s', async (error, status, code) => {
    const app = await failingWith(error);
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    if (status === 503) expect(res.headers['retry-after']).toBe('5');
    await app.close();
  });

  it('a bug is still a 500 that says nothing of its cause', async () => {
    const app = await failingWith(new TypeError('cannot read properties of undefined'));
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      detail: 'An internal error occurred. Please try again.',
      code: 'INTERNAL',
    });
    await app.close();
  });
});
