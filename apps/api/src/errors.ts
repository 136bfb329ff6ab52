import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_STATUS,
  GENERIC_ERROR_CODES,
  type ErrorCode,
  type ValidationIssue,
} from '@app/contracts';
import { isDatabaseUnavailable } from './db/index.ts';
import { ExtractionError } from './features/extraction/errors.ts';

/** PostgreSQL: invalid byte sequence (a NUL in text), untranslatable character. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

const UNIQUE_VIOLATION = '23505';

/** How long a client should wait before retrying when the database is unavailable. */
const DATABASE_RETRY_AFTER_S = 5;

/**
 * A failure the client should see, with SPEC §8's error shape: `message` is its `detail`, and its
 * status is the code's (`ERROR_STATUS` in contracts), never chosen at the throw site. `more`: the
 * body's members beside those, for a refusal the client tells with more than its code (a
 * deactivated class's CLASS_INACTIVE names the class).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly more: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Invalid input found inside a handler (e.g. multipart fields): 422 with a detail list. */
export class InputValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => i.msg).join(', '));
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const unauthorized = (message = 'Authentication required') =>
  new AppError('UNAUTHORIZED', message);
/** Input refused inside a handler with one message (a list of issues: `InputValidationError`). */
export const invalidInput = (message: string) => new AppError('VALIDATION_ERROR', message);
/** The request conflicts with the state of what it acts on. */
export const conflict = (message: string) => new AppError('CONFLICT', message);

function locFromPath(prefix: string, instancePath: string): (string | number)[] {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return [prefix, ...parts];
}

/** What a framework error (Fastify's own, carrying a status only) is called: its generic code. */
const CODE_OF_STATUS = new Map(GENERIC_ERROR_CODES.map((code) => [ERROR_STATUS[code], code]));

/** The code of a framework error's status; a status with no code of its own is BAD_REQUEST. */
export const codeOfStatus = (status: number | undefined): ErrorCode =>
  (status !== undefined && CODE_OF_STATUS.get(status)) || 'BAD_REQUEST';

/** Replies in SPEC §8's error shape with the code's status. */
export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  headers: Record<string, string> = {},
) {
  return reply.status(ERROR_STATUS[code]).headers(headers).send({ success: false, detail, code });
}

/**
 * Fastify's `clientErrorHandler`: what a connection gets when Node's HTTP parser cannot read its
 * request, before any route or hook sees it (a body that ends before its Content-Length, as an
 * upload whose client stopped sending; a malformed request; headers past the limit; a request
 * too slow to arrive). The same error shape as every other reply, where Fastify's default answers
 * `{ error, message, statusCode }`; then the connection closes.
 */
export function replyToClientError(this: FastifyInstance, err: Error, socket: Socket): void {
  const errCode = (err as { code?: string }).code;
  if (errCode === 'ECONNRESET' || socket.destroyed) return;
  const [code, detail]: [ErrorCode, string] =
    errCode === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['REQUEST_TIMEOUT', 'The request did not arrive in time. Please try again.']
      : errCode === 'HPE_HEADER_OVERFLOW'
        ? ['HEADERS_TOO_LARGE', 'The request headers are too large.']
        : [
            'BAD_REQUEST',
            'The request could not be read: it ended before its declared length or is not valid HTTP.',
          ];
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ success: false, detail, code });
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** What a failure is answered with: its status, its body in SPEC §8's shape and its headers. */
export type ErrorReply = {
  status: number;
  body: {
    success: false;
    detail: string | ValidationIssue[];
    code: ErrorCode;
    /** an AppError's `more` */
    [member: string]: unknown;
  };
  headers: Record<string, string>;
  /** how the log takes it: 'warn' for a lost database, 'error' for anything unexpected */
  log?: 'warn' | 'error';
};

const coded = (
  code: ErrorCode,
  detail: string,
  headers: Record<string, string> = {},
  log?: ErrorReply['log'],
): ErrorReply => ({
  status: ERROR_STATUS[code],
  body: { success: false, detail, code },
  headers,
  ...(log ? { log } : {}),
});

/** 422 VALIDATION_ERROR with `detail` a list of issues (DESIGN §4). */
const issues = (list: ValidationIssue[]): ErrorReply => ({
  status: ERROR_STATUS.VALIDATION_ERROR,
  body: { success: false, detail: list, code: 'VALIDATION_ERROR' },
  headers: {},
});

/**
 * What the one error handler answers for a failure, also for a failure it cannot send itself (an
 * answer already streaming: its error event carries the same code). Domain errors of the features
 * (`ExtractionError`: a file refused by extraction) are mapped here, so services let them pass
 * instead of wrapping each in an AppError.
 */
export function errorReplyOf(error: unknown): ErrorReply {
  if (error instanceof AppError) {
    const reply = coded(error.code, error.message, error.headers);
    return { ...reply, body: { ...error.more, ...reply.body } };
  }
  if (error instanceof ExtractionError) return coded(error.code, error.message);
  if (error instanceof InputValidationError) return issues(error.issues);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const prefix = error.validationContext ?? 'body';
    return issues(
      error.validation.map((v) => ({
        loc: locFromPath(prefix, v.instancePath),
        msg: v.message ?? 'Invalid value',
        type: v.keyword,
      })),
    );
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status === 400 && fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return issues([{ loc: ['body'], msg: 'Request body is not valid JSON', type: 'json_invalid' }]);
  }
  if (status === 400 && fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return issues([{ loc: ['body'], msg: 'Request body is required', type: 'missing' }]);
  }
  if (status >= 400 && status < 500)
    return coded(codeOfStatus(status), String(fastifyError.message));
  const dbCode = String(fastifyError.code);
  if (UNSTORABLE_TEXT.has(dbCode)) {
    // text that reached the database with a NUL character or an invalid byte sequence
    return issues([
      {
        loc: ['body'],
        msg: 'Text contains characters that cannot be stored',
        type: 'invalid_text',
      },
    ]);
  }
  if (dbCode === UNIQUE_VIOLATION) {
    // two requests raced to create the same thing: the loser is told, not given a 500
    return coded(
      'CONFLICT',
      'This was just changed by another request. Please reload and try again.',
    );
  }
  if (isDatabaseUnavailable(error)) {
    return coded(
      'SERVICE_UNAVAILABLE',
      'The service is briefly unavailable. Please try again in a few seconds.',
      { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
      'warn',
    );
  }
  return coded('INTERNAL', 'An internal error occurred. Please try again.', {}, 'error');
}

/** The one error handler: every failure leaves in SPEC §8's shape with its code's status. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const answer = errorReplyOf(error);
    if (answer.log === 'warn') request.log.warn({ err: error }, 'database unavailable');
    if (answer.log === 'error') request.log.error({ err: error }, 'unhandled error');
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  });
}
