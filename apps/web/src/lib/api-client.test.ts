import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_ERROR_TEXT,
  ApiError,
  createApiClient,
  errorText,
  filenameFromDisposition,
  hasErrorCode,
  isRefusal,
  messageFromBody,
  toApiError,
} from './api-client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fake fetch answering each call with the next handler; records every call. */
function fakeFetch(...handlers: Handler[]) {
  const calls: { url: string; init: RequestInit; auth: string | undefined }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, init, auth: headers.Authorization });
    const handler = handlers[calls.length - 1];
    if (!handler) throw new Error(`unexpected call ${calls.length}: ${url}`);
    return handler(url, init);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('requests', () => {
  it('prefixes /api, sends JSON and unwraps the body', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { success: true, data: { ok: 1 } }));
    const client = createApiClient({ fetch });
    const body = await client.post('/auth/login', { email: 'a@b.co' });
    expect(body).toEqual({ success: true, data: { ok: 1 } });
    expect(calls[0]!.url).toBe('/api/auth/login');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe(JSON.stringify({ email: 'a@b.co' }));
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/json',
    );
  });

  it('attaches the bearer token only when one is stored', async () => {
    const { fetch, calls } = fakeFetch(
      () => json(200, {}),
      () => json(200, {}),
    );
    const client = createApiClient({ fetch });
    await client.get('/auth/profile');
    localStorage.setItem('access_token', 'tok-1');
    await client.get('/auth/profile');
    expect(calls[0]!.auth).toBeUndefined();
    expect(calls[1]!.auth).toBe('Bearer tok-1');
  });

  it('keeps an explicit Authorization header (reset token)', async () => {
    localStorage.setItem('access_token', 'tok-1');
    const { fetch, calls } = fakeFetch(() => json(200, { success: true }));
    const client = createApiClient({ fetch });
    await client.post(
      '/auth/update-password',
      { password: 'x' },
      { auth: false, headers: { Authorization: 'Bearer reset' } },
    );
    expect(calls[0]!.auth).toBe('Bearer reset');
  });

  it('adds query parameters and skips empty ones', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    await createApiClient({ fetch }).get('/chat/conversations/1', {
      query: { page: 2, search: undefined, per_page: 20 },
    });
    expect(calls[0]!.url).toBe('/api/chat/conversations/1?page=2&per_page=20');
  });

  it('aborts after the default 120 s timeout and reports it as no response', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    ) as unknown as typeof globalThis.fetch;
    const pending = failure(createApiClient({ fetch }).get('/slow'));
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).message).toBe(API_ERROR_TEXT.network);
  });
});

describe('error text (SPEC §8)', () => {
  it('joins the msg of every item of a detail list', async () => {
    const { fetch } = fakeFetch(() =>
      json(422, {
        success: false,
        code: 'VALIDATION_ERROR',
        detail: [
          { loc: ['body', 'email'], msg: 'Please enter a valid email address', type: 'invalid' },
          { loc: ['body', 'password'], msg: 'Password is too common', type: 'weak' },
        ],
      }),
    );
    const error = await failure(createApiClient({ fetch }).post('/auth/register', {}));
    expect(error.message).toBe('Please enter a valid email address, Password is too common');
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
  });

  it("falls back to 'Invalid input' for a detail list without messages", async () => {
    const { fetch } = fakeFetch(
      () => json(422, { success: false, detail: [] }),
      () => json(422, { success: false, detail: [{ loc: ['x'], type: 'y' }] }),
    );
    const client = createApiClient({ fetch });
    expect((await failure(client.post('/x'))).message).toBe('Invalid input');
    expect((await failure(client.post('/x'))).message).toBe('Invalid input');
  });

  it('uses a detail string as is', async () => {
    const { fetch } = fakeFetch(() =>
      json(401, {
        success: false,
        detail: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      }),
    );
    const error = await failure(
      createApiClient({ fetch }).post('/auth/login', {}, { auth: false }),
    );
    expect(error.message).toBe('Invalid email or password');
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(error.status).toBe(401);
  });

  it('uses a message string as is', async () => {
    const { fetch } = fakeFetch(() => json(400, { success: false, message: 'Something specific' }));
    expect((await failure(createApiClient({ fetch }).get('/x'))).message).toBe(
      'Something specific',
    );
  });

  it("otherwise says 'An error occurred: {statusText} ({status})'", async () => {
    const { fetch } = fakeFetch(
      () => json(503, { success: false }, 'Service Unavailable'),
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const client = createApiClient({ fetch });
    expect((await failure(client.get('/x'))).message).toBe(
      'An error occurred: Service Unavailable (503)',
    );
    expect((await failure(client.get('/x'))).message).toBe('An error occurred: Bad Gateway (502)');
  });

  it("with no body says 'An unexpected server error occurred.'", async () => {
    const { fetch } = fakeFetch(
      () => new Response(null, { status: 500, statusText: 'Internal Server Error' }),
    );
    const error = await failure(createApiClient({ fetch }).get('/x'));
    expect(error.message).toBe('An unexpected server error occurred.');
    expect(error.status).toBe(500);
  });

  it("with no response says 'Network error: Please check your connection.'", async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(createApiClient({ fetch }).get('/x'));
    expect(error.message).toBe('Network error: Please check your connection.');
    expect(error.status).toBe(0);
  });

  it("otherwise uses the error's own message", async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const { fetch } = fakeFetch();
    const error = await failure(createApiClient({ fetch }).post('/x', circular));
    expect(error.message).toMatch(/circular/i);
  });

  it("or 'An unexpected error occurred.' when there is no message", () => {
    expect(toApiError(new Error('')).message).toBe('An unexpected error occurred.');
    expect(toApiError('boom').message).toBe('An unexpected error occurred.');
    expect(toApiError(undefined).message).toBe('An unexpected error occurred.');
    expect(toApiError(new Error('own')).message).toBe('own');
  });

  it('messageFromBody follows the same order', () => {
    expect(messageFromBody({ detail: 'd', message: 'm' }, 400, 'Bad Request')).toBe('d');
    expect(messageFromBody({ detail: 5, message: 'm' }, 400, 'Bad Request')).toBe('m');
    expect(messageFromBody(null, 404, 'Not Found')).toBe('An error occurred: Not Found (404)');
  });

  it('errorText prefers the error message over the form fallback', () => {
    expect(errorText(new ApiError('Invalid email or password'), 'Login failed')).toBe(
      'Invalid email or password',
    );
    expect(errorText(new Error(''), 'Login failed')).toBe('Login failed');
    expect(errorText(null, 'Registration failed')).toBe('Registration failed');
  });
});

describe('error codes: the web decides on the code, never the status or the text', () => {
  it('a reply gives its code; no reply is NO_RESPONSE', async () => {
    const { fetch } = fakeFetch(() =>
      json(429, { success: false, code: 'RATE_LIMITED', detail: 'Slow down' }),
    );
    const limited = await failure(createApiClient({ fetch }).get('/x'));
    expect(limited.code).toBe('RATE_LIMITED');
    expect(hasErrorCode(limited, 'RATE_LIMITED')).toBe(true);

    const down = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const lost = await failure(down.get('/x'));
    expect(lost.code).toBe('NO_RESPONSE');
    expect(hasErrorCode(lost, 'NO_RESPONSE')).toBe(true);
  });

  it('hasErrorCode ignores the status number and the message', () => {
    expect(hasErrorCode(new ApiError('Too many (429)', { status: 429 }), 'RATE_LIMITED')).toBe(
      false,
    );
    expect(
      hasErrorCode(new ApiError('limit', { status: 429, code: 'INTERNAL' }), 'RATE_LIMITED'),
    ).toBe(false);
    expect(hasErrorCode(new ApiError('', { code: 'RATE_LIMITED' }), 'RATE_LIMITED')).toBe(true);
    expect(hasErrorCode(new Error('RATE_LIMITED'), 'RATE_LIMITED')).toBe(false);
  });

  it('isRefusal: a 4xx code is a refusal; no reply, a server failure or no code is not', () => {
    expect(isRefusal(new ApiError('x', { status: 404, code: 'NOT_FOUND' }))).toBe(true);
    expect(isRefusal(new ApiError('x', { status: 429, code: 'RATE_LIMITED' }))).toBe(true);
    expect(isRefusal(new ApiError('x', { status: 500, code: 'INTERNAL' }))).toBe(false);
    expect(isRefusal(new ApiError(API_ERROR_TEXT.network))).toBe(false);
    expect(isRefusal(new ApiError(API_ERROR_TEXT.noBody, { status: 404 }))).toBe(false);
  });
});

describe('401 refresh and retry (SPEC §8 session refresh)', () => {
  function signIn() {
    localStorage.setItem('access_token', 'old-access');
    localStorage.setItem('refresh_token', 'old-refresh');
    localStorage.setItem('user_data', JSON.stringify({ id: 'u' }));
    localStorage.setItem('signup_flow_step', 'pricing');
  }
  const unauthorized = () =>
    json(401, { success: false, detail: 'Token expired', code: 'TOKEN_EXPIRED' });
  const tokensReply = (n: number) =>
    json(200, {
      success: true,
      data: { tokens: { access_token: `access-${n}`, refresh_token: `refresh-${n}` } },
    });
  const tokens = (n: number) => () => tokensReply(n);

  it('refreshes once, stores both tokens and retries the request with the new token', async () => {
    signIn();
    const { fetch, calls } = fakeFetch(unauthorized, tokens(2), () =>
      json(200, { success: true, data: 'ok' }),
    );
    const body = await createApiClient({ fetch }).get('/auth/profile');
    expect(body).toEqual({ success: true, data: 'ok' });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/auth/profile',
      '/api/auth/refresh',
      '/api/auth/profile',
    ]);
    expect(calls[1]!.init.body).toBe(JSON.stringify({ refresh_token: 'old-refresh' }));
    expect(calls[0]!.auth).toBe('Bearer old-access');
    expect(calls[2]!.auth).toBe('Bearer access-2');
    expect(localStorage.getItem('access_token')).toBe('access-2');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
  });

  it('retries only once: a second 401 is reported, not refreshed again', async () => {
    signIn();
    const { fetch, calls } = fakeFetch(unauthorized, tokens(2), unauthorized);
    const error = await failure(createApiClient({ fetch }).get('/auth/profile'));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Token expired');
    expect(calls).toHaveLength(3);
  });

  it('clears access token, refresh token and user data when the refresh fails, without looping', async () => {
    signIn();
    const { fetch, calls } = fakeFetch(unauthorized, unauthorized);
    const client = createApiClient({ fetch });
    const cleared = vi.fn();
    client.onSessionCleared(cleared);
    const error = await failure(client.get('/auth/profile'));
    expect(error.status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/profile', '/api/auth/refresh']);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user_data')).toBeNull();
    // only the three session keys
    expect(localStorage.getItem('signup_flow_step')).toBe('pricing');
    expect(cleared).toHaveBeenCalledTimes(1);
  });

  it('clears the session when the refresh has no response', async () => {
    signIn();
    const { fetch } = fakeFetch(unauthorized, () => {
      throw new TypeError('offline');
    });
    await failure(createApiClient({ fetch }).get('/x'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user_data')).toBeNull();
  });

  it('clears the session without calling refresh when no refresh token exists', async () => {
    localStorage.setItem('access_token', 'old-access');
    localStorage.setItem('user_data', '{}');
    const { fetch, calls } = fakeFetch(unauthorized);
    await failure(createApiClient({ fetch }).get('/x'));
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user_data')).toBeNull();
  });

  it('never refreshes when the failing request is the refresh itself', async () => {
    signIn();
    const { fetch, calls } = fakeFetch(unauthorized);
    const error = await failure(
      createApiClient({ fetch }).post('/auth/refresh', { refresh_token: 'old-refresh' }),
    );
    expect(error.status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem('refresh_token')).toBe('old-refresh');
  });

  it('does not refresh for requests that opt out (login with a wrong password)', async () => {
    signIn();
    const { fetch, calls } = fakeFetch(() =>
      json(401, { success: false, detail: 'Invalid email or password' }),
    );
    await failure(createApiClient({ fetch }).post('/auth/login', {}, { auth: false }));
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem('access_token')).toBe('old-access');
  });

  it('shares one refresh between concurrent 401s', async () => {
    signIn();
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const calls: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const auth = (init.headers as Record<string, string>).Authorization;
      calls.push(`${url} ${auth ?? ''}`.trim());
      if (url.endsWith('/auth/refresh')) {
        await refreshGate;
        return tokensReply(2);
      }
      return auth === 'Bearer access-2' ? json(200, { url }) : unauthorized();
    }) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ fetch });
    const all = Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    await new Promise((r) => setTimeout(r, 0));
    releaseRefresh();
    expect(await all).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(calls.filter((c) => c.startsWith('/api/auth/refresh'))).toHaveLength(1);
  });

  it('a 401 that arrives after another request already refreshed retries without a new refresh', async () => {
    signIn();
    const { fetch, calls } = fakeFetch(
      () => {
        // while this request was in flight, another one refreshed the tokens
        localStorage.setItem('access_token', 'access-3');
        return unauthorized();
      },
      () => json(200, { n: 2 }),
    );
    expect(await createApiClient({ fetch }).get('/b')).toEqual({ n: 2 });
    expect(calls.map((c) => c.auth)).toEqual(['Bearer old-access', 'Bearer access-3']);
  });
});

describe('upload', () => {
  it('sends FormData with the bearer token, reports progress and unwraps the body', async () => {
    localStorage.setItem('access_token', 'tok');
    const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] =
      [];
    class FakeXhr {
      status = 0;
      statusText = '';
      responseText = '';
      private listeners: Record<string, (() => void)[]> = {};
      private progress: ((e: ProgressEvent) => void)[] = [];
      private req = {
        method: '',
        url: '',
        headers: {} as Record<string, string>,
        body: null as unknown,
      };
      upload = {
        addEventListener: (_: string, fn: (e: ProgressEvent) => void) => this.progress.push(fn),
      };
      open(method: string, url: string) {
        this.req.method = method;
        this.req.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.req.headers[name] = value;
      }
      addEventListener(type: string, fn: () => void) {
        (this.listeners[type] ??= []).push(fn);
      }
      abort() {}
      send(body: unknown) {
        this.req.body = body;
        sent.push(this.req);
        queueMicrotask(() => {
          for (const fn of this.progress)
            fn({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
          this.status = 200;
          this.responseText = JSON.stringify({ success: true, data: { id: 'c1' } });
          for (const fn of this.listeners.load ?? []) fn();
        });
      }
    }
    const client = createApiClient({ XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest });
    const form = new FormData();
    form.set('title', 'Syllabus');
    const progress = vi.fn();
    const body = await client.upload('/content/upload', form, { onProgress: progress });
    expect(body).toEqual({ success: true, data: { id: 'c1' } });
    expect(progress).toHaveBeenCalledWith(50);
    expect(sent[0]!.url).toBe('/api/content/upload');
    expect(sent[0]!.headers.Authorization).toBe('Bearer tok');
    expect(sent[0]!.headers['Content-Type']).toBeUndefined();
    expect(sent[0]!.body).toBe(form);
  });
});

describe('getText (file downloads)', () => {
  const csv = 'id,question\r\n1,"When is the midterm?"\r\n';
  const csvReply = () =>
    new Response(csv, {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="bio-101.csv"; filename*=UTF-8''BIO%20101%20conversations.csv`,
      },
    });

  it('returns the raw body, the file name and the type, with the bearer token', async () => {
    localStorage.setItem('access_token', 'tok');
    const { fetch, calls } = fakeFetch(csvReply);
    const file = await createApiClient({ fetch }).getText('/chat/conversations/c1/export');
    expect(file).toEqual({
      text: csv,
      filename: 'BIO 101 conversations.csv',
      contentType: 'text/csv; charset=utf-8',
    });
    expect(calls[0]!.url).toBe('/api/chat/conversations/c1/export');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.auth).toBe('Bearer tok');
  });

  it('refreshes on a 401 and retries, like every other request', async () => {
    localStorage.setItem('access_token', 'old-access');
    localStorage.setItem('refresh_token', 'old-refresh');
    const { fetch, calls } = fakeFetch(
      () => json(401, { success: false, detail: 'Token expired', code: 'TOKEN_EXPIRED' }),
      () =>
        json(200, {
          success: true,
          data: { tokens: { access_token: 'access-2', refresh_token: 'refresh-2' } },
        }),
      csvReply,
    );
    const file = await createApiClient({ fetch }).getText('/chat/conversations/c1/export');
    expect(file.text).toBe(csv);
    expect(calls.map((c) => c.auth)).toEqual(['Bearer old-access', undefined, 'Bearer access-2']);
  });

  it('reports a JSON error reply with its detail, and no response as a network error', async () => {
    const { fetch } = fakeFetch(
      () => json(404, { success: false, detail: 'Class not found', code: 'NOT_FOUND' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    const client = createApiClient({ fetch });
    const notFound = await failure(client.getText('/chat/conversations/c1/export'));
    expect(notFound.message).toBe('Class not found');
    expect(notFound.status).toBe(404);
    const offline = await failure(client.getText('/chat/conversations/c1/export'));
    expect(offline.message).toBe(API_ERROR_TEXT.network);
  });

  it('reads file names from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(filenameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''caf%C3%A9.csv")).toBe('café.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=x.csv")).toBe(
      'x.csv',
    );
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
