import { ERROR_CODES, ERROR_STATUS, REQUEST_TIMEOUT_MS, type ErrorCode } from '@app/contracts';
import {
  API_ERROR_TEXT,
  ApiError,
  errorFromResponse,
  hasErrorCode,
  messageFromBody,
  SIGNED_OUT_CODES,
} from './api-client';
import { authStore } from './auth-store';

/**
 * Streamed answers: `POST …/stream` takes the body of its non-streamed twin and either
 * refuses before answering with the usual JSON error, or replies `text/event-stream`:
 *   event: delta  data: {"text":"…"}   parts of a draft of the answer, in order (none when extractive)
 *   event: done   data: {…}            what the non-streamed call returns under `data`
 *   event: error  data: {"success":false,"detail":"…"}   a failure after the answer started
 * `: ping` comments keep the connection alive.
 */

/** Same prefix as the app's client (lib/api-client). */
const API_BASE = '/api';

/** One dispatched Server-Sent Event: its type ('message' when unnamed) and its data lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

const LINE_END = /\r\n|\r|\n/g;

/**
 * An incremental text/event-stream parser (WHATWG HTML "Server-sent events"): `push` decoded text
 * split anywhere, even inside a line or between `\r` and `\n`; every blank line dispatches the
 * event collected so far. Comments (`: ping`), `id` and `retry` are ignored. `end` flushes the
 * last line; an event left without its closing blank line is dispatched too, leniently.
 */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let started = false;
  let type = '';
  let data: string[] = [];

  function dispatch() {
    if (data.length > 0) onEvent({ event: type || 'message', data: data.join('\n') });
    type = '';
    data = [];
  }

  function processLine(line: string) {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }

  function drain(final: boolean) {
    let position = 0;
    for (;;) {
      LINE_END.lastIndex = position;
      const match = LINE_END.exec(buffer);
      if (!match) break;
      // a lone '\r' at the end may be the first half of '\r\n': wait for the next chunk
      if (!final && match[0] === '\r' && match.index === buffer.length - 1) break;
      processLine(buffer.slice(position, match.index));
      position = match.index + match[0].length;
    }
    buffer = buffer.slice(position);
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      if (!started && buffer.length > 0) {
        started = true;
        if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      }
      drain(false);
    },
    end() {
      drain(true);
      if (buffer !== '') processLine(buffer);
      buffer = '';
      dispatch();
    },
  };
}

export interface AnswerStreamOptions {
  /** The JSON body, exactly as the non-streamed endpoint takes it. */
  body: unknown;
  /** Each part of the draft, in order; concatenated they are the answer so far. */
  onDelta?(text: string): void;
  /** Aborting cancels the request or the stream; the promise then rejects with the abort. */
  signal?: AbortSignal;
  /** Send the stored access token (teacher calls). Student and trial calls are anonymous. */
  auth?: boolean;
  /** The longest silence allowed (no byte, not even a ping) before it counts as a lost connection. */
  idleTimeoutMs?: number;
}

/** Why a stream stopped without an answer, for the caller's fallback. */
const lostConnection = () => new ApiError(API_ERROR_TEXT.network);

/**
 * POSTs `body` to `path` (under /api) and follows the answer as it is written. Resolves with the
 * `done` payload; rejects with an `ApiError` like the app's client does: the server's status,
 * code and message for a JSON error or an `error` event, status 0 when no answer came (no
 * response, a broken or silent stream). A reply that is not an event stream (an older server)
 * is read as the usual `{ success, data }` JSON.
 */
export async function streamAnswer<T>(path: string, options: AnswerStreamOptions): Promise<T> {
  const { signal: outer, onDelta } = options;
  const controller = new AbortController();
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idleMs = options.idleTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const stop = () => {
    controller.abort();
    // a reader of a body that ignores the signal still has to stop
    reader?.cancel().catch(() => {});
  };
  const restartTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(stop, idleMs);
  };
  const cancelled = () => outer?.aborted === true;
  const abortReason = () => outer?.reason ?? new DOMException('Aborted', 'AbortError');

  if (cancelled()) throw abortReason();
  outer?.addEventListener('abort', stop, { once: true });
  try {
    const headers: Record<string, string> = {
      Accept: 'text/event-stream, application/json',
      'Content-Type': 'application/json',
    };
    const token = options.auth ? authStore.getAccessToken() : null;
    if (token) headers.Authorization = `Bearer ${token}`;

    restartTimer();
    let response: Response;
    try {
      response = await globalThis.fetch(`${API_BASE}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch {
      // no response at all (offline, refused, timed out): as the app's client says
      if (cancelled()) throw abortReason();
      throw lostConnection();
    }

    if (!response.ok) throw await errorFromResponse(response);
    const contentType = response.headers.get('content-type') ?? '';
    if (!contentType.includes('text/event-stream') || !response.body) {
      return await readEnvelope<T>(response);
    }

    // the first of `done` or `error` ends the answer
    const endings: ({ payload: T } | ApiError)[] = [];
    const parser = createEventStreamParser(({ event, data }) => {
      if (endings.length > 0) return;
      if (event === 'delta') {
        const text = (parseJson(data) as { text?: unknown } | undefined)?.text;
        if (typeof text === 'string' && text !== '') onDelta?.(text);
      } else if (event === 'done') {
        const payload = parseJson(data);
        endings.push(payload === undefined ? lostConnection() : { payload: payload as T });
      } else if (event === 'error') {
        endings.push(errorFromEvent(data));
      }
    });

    const body = response.body.getReader();
    reader = body;
    const decoder = new TextDecoder();
    try {
      while (endings.length === 0) {
        const { done, value } = await body.read();
        if (cancelled()) break;
        if (done) {
          parser.push(decoder.decode());
          parser.end();
          break;
        }
        restartTimer();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      if (!cancelled()) throw lostConnection();
    }
    if (cancelled()) throw abortReason();
    const ending = endings[0];
    if (ending === undefined) throw lostConnection();
    if (ending instanceof ApiError) throw ending;
    return ending.payload;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', stop);
    // nothing more is wanted from this stream (done, error, or given up)
    reader?.cancel().catch(() => {});
  }
}

/**
 * `streamAnswer`, falling back once to `fallback` (the non-streamed endpoint) when the stream
 * failed before any part of the answer arrived: no response, a broken connection, or, for a
 * bearer call, a 401 (the app's client then refreshes the session and retries).
 */
export async function streamAnswerWithFallback<T>(
  path: string,
  options: AnswerStreamOptions & { fallback(): Promise<T> },
): Promise<T> {
  let received = false;
  try {
    return await streamAnswer<T>(path, {
      ...options,
      onDelta: (text) => {
        received = true;
        options.onDelta?.(text);
      },
    });
  } catch (error) {
    if (options.signal?.aborted || received || !(error instanceof ApiError)) throw error;
    if (
      hasErrorCode(error, 'NO_RESPONSE') ||
      (options.auth && hasErrorCode(error, ...SIGNED_OUT_CODES))
    ) {
      return options.fallback();
    }
    throw error;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readEnvelope<T>(response: Response): Promise<T> {
  const body = parseJson(await response.text()) as { data?: unknown } | undefined;
  if (typeof body !== 'object' || body === null || !('data' in body)) {
    throw new ApiError(API_ERROR_TEXT.unexpected, { status: response.status });
  }
  return body.data as T;
}

function knownCode(value: unknown): ErrorCode | undefined {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value)
    ? (value as ErrorCode)
    : undefined;
}

/** A JSON error reply, read as the app's client reads it (SPEC §8 texts). */
/**
 * An `error` event: its detail is the message. It carries the status of its code when it names
 * one the API knows, otherwise 500 (the answer failed on the server).
 */
function errorFromEvent(data: string): ApiError {
  const body = parseJson(data);
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = knownCode(fields.code) ?? knownCode(fields.error);
  const status = code ? ERROR_STATUS[code] : 500;
  const hasMessage =
    typeof fields.detail === 'string' ||
    Array.isArray(fields.detail) ||
    typeof fields.message === 'string';
  return new ApiError(hasMessage ? messageFromBody(body, status, '') : API_ERROR_TEXT.unexpected, {
    status,
    code,
    detail: fields.detail,
  });
}
