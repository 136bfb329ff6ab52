import pino from 'pino';
import { expect } from 'vitest';

/** What the abuse suites check of a reply (abuse*.test.ts). */
export type Reply = { statusCode: number; headers: Record<string, unknown>; body: string };

/** A refusal in the API's error shape: a 4xx, JSON, `{ success: false, detail, code }`. */
export function expectErrorShape(reply: Reply, what: string) {
  const seen = `${what} → ${reply.statusCode} ${reply.body.slice(0, 200)}`;
  expect(reply.statusCode, seen).toBeGreaterThanOrEqual(400);
  expect(reply.statusCode, seen).toBeLessThan(500);
  expect(String(reply.headers['content-type'] ?? ''), what).toContain('application/json');
  const body = JSON.parse(reply.body) as { success?: unknown; code?: unknown; detail?: unknown };
  expect(body.success, what).toBe(false);
  expect(typeof body.code, what).toBe('string');
  expect(typeof body.detail === 'string' || Array.isArray(body.detail), what).toBe(true);
}

/** A logger that keeps what it is given, to see that nothing was logged as an error. */
export function memoryLogger() {
  const lines: { level: number; msg?: string }[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as { level: number }) },
  );
  return { logger, errors: () => lines.filter((l) => l.level >= 50) };
}
