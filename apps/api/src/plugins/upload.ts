import type { FastifyRequest } from 'fastify';
import { AppError, invalidInput } from '../errors.ts';

export const MALFORMED_MULTIPART =
  'The upload could not be read: it is not a complete multipart/form-data request.';

/**
 * Reads a multipart request with at most one file, streaming the file into `store` as it arrives
 * (nothing is held whole in memory). The text fields that come before the file go to
 * `beforeFile` first, so a request for a class that is not the sender's is refused before its
 * file is read. The size limit is enforced while reading: 413 with `tooLargeMessage`, and what
 * was stored is discarded. A body the parser cannot read to its end (cut short inside the file,
 * or missing its closing boundary) is a 400 in the error shape, whether the parser says so
 * between parts or while the file streams into `store`, and what was stored is discarded too.
 * Errors after the file was stored are the caller's to clean up.
 */
export async function streamUpload<T>(
  req: FastifyRequest,
  tooLargeMessage: string,
  handlers: {
    beforeFile(fields: Record<string, string>): Promise<void>;
    store(chunks: AsyncIterable<Buffer>, fileName: string): Promise<T>;
    discard(stored: T): Promise<void>;
  },
): Promise<{ fields: Record<string, string>; file: T | undefined }> {
  if (!req.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: T | undefined;
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage);
  /** What an error of the multipart parser (reading the body) tells the client. */
  const bodyError = (err: unknown): AppError => {
    if (err instanceof AppError) return err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
    if (code === 'FST_FILES_LIMIT') return invalidInput('Upload one file at a time.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      return invalidInput('The upload has too many fields.');
    return new AppError('BAD_REQUEST', MALFORMED_MULTIPART);
  };
  // errors of our own handlers (the class check, storage) pass through as they are; the rest
  // come from reading the body
  const own = new WeakSet<object>();
  const mine = async <R>(work: () => Promise<R>): Promise<R> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof Error && !(err as { code?: string }).code?.startsWith('FST_'))
        own.add(err);
      throw err;
    }
  };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        await mine(() => handlers.beforeFile(fields));
        const stream = part.file;
        // the file as `store` reads it: an error of the parser while it streams (a body cut
        // short: "Unexpected end of multipart data") is the body's fault, never `store`'s
        const checked = (async function* () {
          try {
            for await (const chunk of stream as AsyncIterable<Buffer>) {
              if (stream.truncated) throw tooLarge();
              yield chunk;
            }
          } catch (err) {
            throw bodyError(err);
          }
          if (stream.truncated) throw tooLarge();
        })();
        file = await mine(() => handlers.store(checked, part.filename || 'upload'));
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (file !== undefined) await handlers.discard(file);
    if (err instanceof AppError) throw withClose(err);
    if (err instanceof Error && own.has(err)) throw err;
    throw withClose(bodyError(err));
  }
  return { fields, file };
}

/** The rest of the body is not wanted: the connection closes rather than read it. */
const withClose = (err: AppError) =>
  new AppError(err.code, err.message, { ...err.headers, connection: 'close' });

/**
 * Refuses, before reading it, a body whose declared length is over `maxFileBytes` plus room for
 * the form's fields and part headers.
 */
export function declaredSizeCheck(maxFileBytes: number, tooLargeMessage: string) {
  const FORM_OVERHEAD_BYTES = 1024 * 1024;
  return async (req: FastifyRequest) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxFileBytes + FORM_OVERHEAD_BYTES) {
      // the body is not wanted: the connection closes rather than read it
      throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage, { connection: 'close' });
    }
  };
}
