import {
  REQUEST_TIMEOUT_MS,
  UPLOAD_TIMEOUT_MS,
  ERROR_CODES,
  ERROR_STATUS,
  type ErrorCode,
  type ValidationIssue,
} from '@app/contracts';
import { authStore } from './auth-store';

/** Fixed texts of SPEC §8 "Error text from the server". */
export const API_ERROR_TEXT = {
  invalidInput: 'Invalid input',
  noBody: 'An unexpected server error occurred.',
  network: 'Network error: Please check your connection.',
  unexpected: 'An unexpected error occurred.',
} as const;

const REFRESH_PATH = '/auth/refresh';

/**
 * What the web decides on: the API's error code (contracts' `ErrorCode`), or the client's own
 * `NO_RESPONSE` when no reply arrived (no connection, a timeout, a stream cut short).
 */
export type ApiErrorCode = ErrorCode | 'NO_RESPONSE';

/**
 * Every failure the client reports. `status` is 0 when no response arrived (its code is then
 * `NO_RESPONSE`); `code` is the API's error code, undefined when the reply carried none we know.
 * The web branches on `code` (`hasErrorCode`), never on `status` or the message's words.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | undefined;
  readonly detail: unknown;
  /** the reply's JSON body: what a code says beside its detail (CLASS_INACTIVE's `class`) */
  readonly body: unknown;

  constructor(
    message: string,
    options: { status?: number; code?: ApiErrorCode; detail?: unknown; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status ?? 0;
    this.code = options.code ?? (this.status === 0 ? 'NO_RESPONSE' : undefined);
    this.detail = options.detail;
    this.body = options.body;
  }
}

/** True when `error` is an ApiError with one of these codes. */
export function hasErrorCode(
  error: unknown,
  ...codes: ApiErrorCode[]
): error is ApiError & { code: ApiErrorCode } {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}

/** The codes of a request made without a valid session (the access token missing or refused). */
export const SIGNED_OUT_CODES = [
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
] as const satisfies readonly ErrorCode[];

/**
 * The server refused what was asked (a code whose status, contracts' `ERROR_STATUS`, is a 4xx):
 * asking again the same way will not help, unlike no reply or the server's own failure.
 */
export function isRefusal(error: unknown): error is ApiError & { code: ErrorCode } {
  return (
    error instanceof ApiError &&
    error.code !== undefined &&
    error.code !== 'NO_RESPONSE' &&
    ERROR_STATUS[error.code] < 500
  );
}

/** The message of a server reply per SPEC §8, given a parsed JSON body. */
export function messageFromBody(body: unknown, status: number, statusText: string): string {
  if (typeof body === 'object' && body !== null) {
    const { detail, message } = body as { detail?: unknown; message?: unknown };
    if (Array.isArray(detail)) {
      const joined = (detail as Partial<ValidationIssue>[])
        .map((item) => (item && typeof item.msg === 'string' ? item.msg : ''))
        .filter((msg) => msg.length > 0)
        .join(', ');
      return joined || API_ERROR_TEXT.invalidInput;
    }
    if (typeof detail === 'string') return detail;
    if (typeof message === 'string') return message;
  }
  return `An error occurred: ${statusText} (${status})`;
}

/** Turns anything thrown into an ApiError ("otherwise" rule of SPEC §8). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.message) return new ApiError(error.message);
  return new ApiError(API_ERROR_TEXT.unexpected);
}

/** Text for a form: the error's message, else the form's fallback (e.g. 'Login failed'). */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

interface RequestOptions {
  method?: Method;
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * false: do not attach the stored token and never refresh on 401 (login, register, reset flows,
   * or a request that carries its own Authorization header). Default true.
   */
  auth?: boolean;
}

interface UploadOptions extends Omit<RequestOptions, 'body' | 'method'> {
  method?: 'POST' | 'PUT';
  onProgress?: (percent: number) => void;
}

interface ResponseLike {
  ok: boolean;
  status: number;
  statusText: string;
  /** fetch responses carry their headers; the upload transport does not need them */
  headers?: { get(name: string): string | null };
  text(): Promise<string>;
}

/** A downloaded file read as text (e.g. a CSV export). */
interface TextFile {
  text: string;
  /** from Content-Disposition, when the server names the file */
  filename: string | null;
  contentType: string | null;
}

interface TransportInit {
  method: Method;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  signal: AbortSignal;
  onProgress?: (percent: number) => void;
}

type Transport = (url: string, init: TransportInit) => Promise<ResponseLike>;

interface ApiClientDeps {
  fetch?: typeof fetch;
  XMLHttpRequest?: typeof XMLHttpRequest;
  baseUrl?: string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

class NoResponseError extends Error {}

export function createApiClient(deps: ApiClientDeps = {}) {
  const baseUrl = deps.baseUrl ?? '/api';
  const sessionClearedListeners = new Set<() => void>();
  let refreshing: Promise<boolean> | null = null;

  const fetchTransport: Transport = async (url, init) => {
    const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
    try {
      return await doFetch(url, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        signal: init.signal,
      });
    } catch (error) {
      throw new NoResponseError(error instanceof Error ? error.message : String(error));
    }
  };

  const xhrTransport: Transport = (url, init) =>
    new Promise<ResponseLike>((resolve, reject) => {
      const Xhr = deps.XMLHttpRequest ?? globalThis.XMLHttpRequest;
      const xhr = new Xhr();
      xhr.open(init.method, url);
      for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
      if (init.onProgress) {
        const report = init.onProgress;
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable && event.total > 0)
            report(Math.round((event.loaded / event.total) * 100));
        });
      }
      xhr.addEventListener('load', () => {
        const text = xhr.responseText ?? '';
        resolve({
          ok: xhr.status >= 200 && xhr.status < 300,
          status: xhr.status,
          statusText: xhr.statusText,
          text: () => Promise.resolve(text),
        });
      });
      const fail = () => reject(new NoResponseError('Upload failed'));
      xhr.addEventListener('error', fail);
      xhr.addEventListener('abort', fail);
      xhr.addEventListener('timeout', fail);
      init.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init.body as XMLHttpRequestBodyInit | undefined) ?? null);
    });

  function buildUrl(path: string, query?: Record<string, QueryValue>): string {
    let url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    if (query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== null) params.set(key, String(value));
      }
      const qs = params.toString();
      if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
    }
    return url;
  }

  function clearSession(): void {
    authStore.clearSession();
    for (const listener of sessionClearedListeners) listener();
  }

  /** One refresh at a time; concurrent callers share it. Resolves true when new tokens are stored. */
  function refreshTokens(): Promise<boolean> {
    refreshing ??= (async () => {
      const refreshToken = authStore.getRefreshToken();
      if (!refreshToken) {
        clearSession();
        return false;
      }
      try {
        const response = await withTimeout(REQUEST_TIMEOUT_MS, undefined, (signal) =>
          fetchTransport(buildUrl(REFRESH_PATH), {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({ refresh_token: refreshToken }),
            signal,
          }),
        );
        if (!response.ok) throw new Error('refresh rejected');
        const body = JSON.parse(await response.text()) as {
          data?: { tokens?: { access_token?: unknown; refresh_token?: unknown } };
        };
        const tokens = body.data?.tokens;
        if (typeof tokens?.access_token !== 'string' || typeof tokens.refresh_token !== 'string') {
          throw new Error('refresh reply without tokens');
        }
        authStore.setTokens({
          access_token: tokens.access_token,
          refresh_token: tokens.refresh_token,
        });
        return true;
      } catch {
        clearSession();
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function perform<T>(
    path: string,
    options: RequestOptions & { onProgress?: (percent: number) => void },
    transport: Transport,
    defaultTimeout: number,
    isRetry: boolean,
    read: (response: ResponseLike) => Promise<T> = readJson,
  ): Promise<T> {
    const useAuth = options.auth !== false;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const usedToken = useAuth ? authStore.getAccessToken() : null;
    if (usedToken && !headers.Authorization) headers.Authorization = `Bearer ${usedToken}`;

    const response = await withTimeout(
      options.timeoutMs ?? defaultTimeout,
      options.signal,
      (signal) =>
        transport(buildUrl(path, options.query), {
          method: options.method ?? 'GET',
          headers,
          body,
          signal,
          onProgress: options.onProgress,
        }),
    );

    if (response.status === 401 && useAuth && !isRetry && !isRefreshPath(path)) {
      const current = authStore.getAccessToken();
      // Another request already refreshed while this one was in flight: just retry.
      const refreshed = current && current !== usedToken ? true : await refreshTokens();
      if (refreshed) return perform<T>(path, options, transport, defaultTimeout, true, read);
    }

    if (!response.ok) throw await errorFromResponse(response);
    return read(response);
  }

  async function run<T>(promise: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    try {
      return await promise();
    } catch (error) {
      if (signal?.aborted) throw error; // the caller cancelled: pass its abort through
      if (error instanceof NoResponseError) {
        throw new ApiError(API_ERROR_TEXT.network);
      }
      throw toApiError(error);
    }
  }

  function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    return run(
      () => perform<T>(path, options, fetchTransport, REQUEST_TIMEOUT_MS, false),
      options.signal,
    );
  }

  return {
    request,
    get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T = unknown>(
      path: string,
      body?: unknown,
      options?: Omit<RequestOptions, 'method' | 'body'>,
    ) => request<T>(path, { ...options, method: 'POST', body }),
    put: <T = unknown>(
      path: string,
      body?: unknown,
      options?: Omit<RequestOptions, 'method' | 'body'>,
    ) => request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
    /** A file download (not JSON): its text and the file name the server gives it. */
    getText: (path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      run(
        () =>
          perform<TextFile>(
            path,
            { ...options, method: 'GET', headers: { Accept: '*/*', ...options.headers } },
            fetchTransport,
            REQUEST_TIMEOUT_MS,
            false,
            readTextFile,
          ),
        options.signal,
      ),
    /** Multipart upload with progress (XMLHttpRequest), 300 s timeout by default. */
    upload: <T = unknown>(path: string, form: FormData, options: UploadOptions = {}) =>
      run(
        () =>
          perform<T>(
            path,
            { ...options, method: options.method ?? 'POST', body: form },
            xhrTransport,
            UPLOAD_TIMEOUT_MS,
            false,
          ),
        options.signal,
      ),
    /** Called whenever a failed refresh (or a missing refresh token) clears the session. */
    onSessionCleared(listener: () => void): () => void {
      sessionClearedListeners.add(listener);
      return () => sessionClearedListeners.delete(listener);
    },
  };
}

async function readJson<T>(response: ResponseLike): Promise<T> {
  const text = await response.text();
  return (text.trim() === '' ? undefined : JSON.parse(text)) as T;
}

async function readTextFile(response: ResponseLike): Promise<TextFile> {
  return {
    text: await response.text(),
    filename: filenameFromDisposition(response.headers?.get('content-disposition') ?? null),
    contentType: response.headers?.get('content-type') ?? null,
  };
}

/** The file name of a Content-Disposition header: filename* (RFC 5987) first, then filename. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed encoding: fall back to the plain filename
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? name : null;
}

function isRefreshPath(path: string): boolean {
  return path.split('?')[0] === REFRESH_PATH;
}

/** The ApiError of a failed reply, from its JSON error body (SPEC §8's shape) when it has one. */
export async function errorFromResponse(response: ResponseLike): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  if (text.trim() === '') {
    return new ApiError(API_ERROR_TEXT.noBody, { status: response.status });
  }
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const code = isErrorCode(
    typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined,
  )
    ? (body as { code: ErrorCode }).code
    : undefined;
  const detail =
    typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  return new ApiError(messageFromBody(body, response.status, response.statusText), {
    status: response.status,
    code,
    detail,
    body,
  });
}

/** Runs `task` with a signal that aborts after `ms` or when `outer` aborts. */
async function withTimeout<T>(
  ms: number,
  outer: AbortSignal | undefined,
  task: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const onOuterAbort = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }
  try {
    return await task(controller.signal);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/** The app's client. */
export const api = createApiClient();

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
