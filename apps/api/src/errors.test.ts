import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from '@app/contracts';
import { AppError, notFound, registerErrorHandler, unauthorized } from './errors.ts';
import { ExtractionError } from './features/extraction/errors.ts';

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

describe('one error vocabulary: every code has one status', () => {
  it('maps every code of ERROR_CODES, and nothing else, to an HTTP error status', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
    }
  });

  it.each(ERROR_CODES)('AppError %s answers with the status of the map', async (code) => {
    const error = new AppError(code, `about ${code}`, { 'x-reason': code });
    expect(error.statusCode).toBe(ERROR_STATUS[code]);
    const app = await failingWith(error);
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(ERROR_STATUS[code]);
    expect(res.headers['x-reason']).toBe(code);
    expect(res.json()).toEqual({ success: false, detail: `about ${code}`, code });
    await app.close();
  });

  it('the convenience constructors carry their codes', () => {
    expect(notFound('Class')).toMatchObject({ code: 'NOT_FOUND', message: 'Class not found' });
    expect(notFound('Class').statusCode).toBe(404);
    expect(unauthorized().statusCode).toBe(401);
  });

  it.each([
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['VALIDATION_ERROR', 422],
  ] as const)('an ExtractionError %s is answered by the handler with %i', async (code, status) => {
    const app = await failingWith(new ExtractionError(code, 'This file is refused.'));
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, detail: 'This file is refused.', code });
    await app.close();
  });
});
