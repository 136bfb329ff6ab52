import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeOfStatus, InputValidationError, sendError } from '../errors.ts';

/** What a NUL character in any text gets: PostgreSQL cannot store it, nor can mail carry it. */
export const NUL_MESSAGE = 'Text cannot contain NUL characters';

/** Where in a parsed body, query or parameters a string holds a NUL character. */
function nulAt(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulAt(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const found = nulAt(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** A NUL character anywhere in a request's JSON body, query or parameters is a 422, not a 500. */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const loc =
      nulAt(request.params, ['path']) ??
      nulAt(request.query, ['query']) ??
      // multipart fields are read by their route, and checked by the database's refusal below
      (String(request.headers['content-type'] ?? '').startsWith('multipart/')
        ? null
        : nulAt(request.body, ['body']));
    if (loc) throw new InputValidationError([{ loc, msg: NUL_MESSAGE, type: 'nul_character' }]);
  });
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not a valid URL',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed',
};

/**
 * Errors Fastify answers before any route or error handler runs (a malformed percent-encoding,
 * an over-long path parameter), in the API's error shape.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendError(
    reply,
    codeOfStatus(error.statusCode),
    FRAMEWORK_MESSAGES[error.code] ?? 'Bad request',
  );
}
