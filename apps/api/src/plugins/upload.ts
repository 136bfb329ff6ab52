import type { FastifyRequest } from 'fastify';
import { AppError, invalidInput } from '../errors.ts';

export const MALFORMED_MULTIPART =
  'The upload could not be read: it is not a complete multipart/form-data request.';

/**
 * Reads a multipart request with at most one file, streaming the file into `store` as it arrives
 * (nothing is held whole in memory). The text fields that come before the file go to
 * `beforeFile` first, so a request for a class that is not the sender's is refused before its
 * file is read. The size limit is enforced while reading: 413 with `tooLargeMessage`, and what
 * was stored is discarded. Errors after the file was stored are the caller's to clean up.
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
        const checked = (async function* () {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            if (stream.truncated) throw tooLarge();
            yield chunk;
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
    if (err instanceof AppError) {
      // the rest of the body is not wanted: close the connection rather than read it
      throw new AppError(err.code, err.message, {
        ...err.headers,
        connection: 'close',
      });
    }
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw invalidInput('Upload one file at a time.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw invalidInput('The upload has too many fields.');
    if (err instanceof Error && own.has(err)) throw err;
    throw new AppError('BAD_REQUEST', MALFORMED_MULTIPART);
  }
  return { fields, file };
}

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
