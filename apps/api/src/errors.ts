import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ValidationIssue } from '@app/contracts';
import { isDatabaseUnavailable } from './db/index.ts';

/** PostgreSQL: invalid byte sequence (a NUL in text), untranslatable character. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

const UNIQUE_VIOLATION = '23505';

/** How long a client should wait before retrying when the database is unavailable. */
const DATABASE_RETRY_AFTER_S = 5;

/** A failure the client should see, with SPEC §8's error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Invalid input found inside a handler (e.g. multipart fields): 422 with a detail list. */
export class InputValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => i.msg).join(', '));
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);

export function validationError(issues: ValidationIssue[]) {
  return { success: false as const, detail: issues, code: 'VALIDATION_ERROR' as const };
}

function locFromPath(prefix: string, instancePath: string): (string | number)[] {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return [prefix, ...parts];
}

const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'BAD_REQUEST',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | InputValidationError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ success: false, detail: error.message, code: error.code });
    }
    if (error instanceof InputValidationError) {
      return reply.status(422).send(validationError(error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const prefix = error.validationContext ?? 'body';
      const issues = error.validation.map((v) => ({
        loc: locFromPath(prefix, v.instancePath),
        msg: v.message ?? 'Invalid value',
        type: v.keyword,
      }));
      return reply.status(422).send(validationError(issues));
    }
    const status = error.statusCode ?? 500;
    if (status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply
        .status(422)
        .send(
          validationError([
            { loc: ['body'], msg: 'Request body is not valid JSON', type: 'json_invalid' },
          ]),
        );
    }
    if (status === 400 && error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .status(422)
        .send(
          validationError([{ loc: ['body'], msg: 'Request body is required', type: 'missing' }]),
        );
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        success: false,
        detail: error.message,
        code: statusCodes[status] ?? 'BAD_REQUEST',
      });
    }
    const dbCode = String((error as { code?: unknown }).code);
    if (UNSTORABLE_TEXT.has(dbCode)) {
      // text that reached the database with a NUL character or an invalid byte sequence
      return reply.status(422).send(
        validationError([
          {
            loc: ['body'],
            msg: 'Text contains characters that cannot be stored',
            type: 'invalid_text',
          },
        ]),
      );
    }
    if (dbCode === UNIQUE_VIOLATION) {
      // two requests raced to create the same thing: the loser is told, not given a 500
      return reply.status(409).send({
        success: false,
        detail: 'This was just changed by another request. Please reload and try again.',
        code: 'CONFLICT',
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({
        success: false,
        detail: 'The service is briefly unavailable. Please try again in a few seconds.',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      success: false,
      detail: 'An internal error occurred. Please try again.',
      code: 'INTERNAL',
    });
  });
}
