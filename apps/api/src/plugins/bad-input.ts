import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeOfStatus, InputValidationError, sendError } from '../errors.ts';

/** What a NUL character in any text gets: PostgreSQL cannot store it, nor can mail carry it. */
export const NUL_MESSAGE = 'Text cannot contain NUL characters';

/**
 * How deep arrays and objects may nest in a JSON body. The deepest request the API takes is a
 * few levels (a list of objects in an object); 64 leaves room for any honest client, and keeps
 * everything that walks a body (validation, the NUL check below, `JSON.stringify` of a stored
 * value, which recurses) far from the stack's limit: JSON nested 5,000 deep ended in "Maximum
 * call stack size exceeded".
 */
export const MAX_JSON_DEPTH = 64;

/** What a body nested deeper than MAX_JSON_DEPTH gets. */
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const [OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = [0x5b, 0x5d, 0x7b, 0x7d];

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read in one pass over its
 * characters without recursion, before it is parsed: brackets inside strings are text. Text that
 * is not JSON is left to the parser to refuse.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // to the string's closing quote; an escaped character (\" among them) is skipped
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** A 422 for a JSON body nested deeper than MAX_JSON_DEPTH, or undefined. */
export function tooDeepError(text: string): InputValidationError | undefined {
  if (!jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return undefined;
  return new InputValidationError([
    { loc: ['body'], msg: TOO_DEEP_MESSAGE, type: 'json_too_deep' },
  ]);
}

type Frame = { value: unknown; key: string | number; parent: Frame | undefined };

const pathOf = (frame: Frame): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let f: Frame | undefined = frame; f; f = f.parent) path.push(f.key);
  return path.reverse();
};

/**
 * Where in a body, query or parameters a string (or an object's key) holds a NUL character:
 * `[where, …keys]`, or null. Iterative, each value visited once, so its cost is linear in the
 * input and its depth never touches the call stack. Raw bytes (a body a route keeps as a Buffer,
 * such as a signed webhook's) are searched with one `indexOf`, never walked byte by byte.
 */
export function nulAt(root: unknown, where: string): (string | number)[] | null {
  const stack: Frame[] = [{ value: root, key: where, parent: undefined }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(frame);
    } else if (value instanceof Uint8Array) {
      if (value.indexOf(0) !== -1) return pathOf(frame);
    } else if (Array.isArray(value)) {
      // pushed last to first, so the first NUL in the document's order is the one named
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: i, parent: frame });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const child: Frame = { value: (value as Record<string, unknown>)[key], key, parent: frame };
        if (key.includes('\u0000')) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return null;
}

/** A NUL character anywhere in a request's JSON body, query or parameters is a 422, not a 500. */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const loc =
      nulAt(request.params, 'path') ??
      nulAt(request.query, 'query') ??
      // multipart fields are read by their route, and checked by the database's refusal below
      (String(request.headers['content-type'] ?? '').startsWith('multipart/')
        ? null
        : nulAt(request.body, 'body'));
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
