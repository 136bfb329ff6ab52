import { vi } from 'vitest';
import type { User } from '@app/contracts';

export type Reply = { status?: number; body?: unknown };
/** A function route may answer dynamically, or return a rejected promise to simulate no response. */
type Handler = (init: RequestInit) => Reply | Promise<never>;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

/**
 * Stubs global fetch. Keys are "METHOD /path" (path without /api); unmatched calls answer 404.
 * Returns the list of calls made.
 */
export function mockApi(routes: Record<string, Reply | Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const path = url.pathname.replace(/^\/api/, '');
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({
        method,
        path,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: headers.Authorization,
      });
      const route = routes[`${method} ${path}`];
      const reply = typeof route === 'function' ? route(init) : route;
      if (reply instanceof Promise) return reply;
      if (!reply) return json(404, { success: false, detail: 'Not found', code: 'NOT_FOUND' });
      return json(reply.status ?? 200, reply.body);
    }),
  );
  return calls;
}

/** A reply that arrives only when `release` is called, to see the in-flight state. */
export function deferred(reply: Reply) {
  let release!: () => void;
  const promise = new Promise<Response>((resolve) => {
    release = () =>
      resolve(
        new Response(JSON.stringify(reply.body), {
          status: reply.status ?? 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
  });
  return { handler: () => promise as unknown as Promise<never>, release };
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '6f1c2b1e-0a4b-4c4e-9a57-2d1f5e0a9b11',
    email: 'ada@example.edu',
    first_name: 'Ada',
    last_name: 'Lovelace',
    institution: 'State University',
    school: null,
    department: null,
    subscription_status: 'trialing',
    subscription_id: null,
    trial_end: null,
    created_at: '2025-09-01T12:00:00.000Z',
    ...overrides,
  };
}

/** Puts a signed-in session in localStorage. */
export function seedSession(
  user: User | null = makeUser(),
  tokens = { access: 'access-1', refresh: 'refresh-1' },
) {
  localStorage.setItem('access_token', tokens.access);
  localStorage.setItem('refresh_token', tokens.refresh);
  if (user) localStorage.setItem('user_data', JSON.stringify(user));
}

export const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
