import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export type UploadedFile = { data: Buffer; fileName: string };

export const MALFORMED_MULTIPART =
  'The upload could not be read: it is not a complete multipart/form-data request.';

/**
 * Reads a multipart request with at most one file (the limits are the @fastify/multipart ones the
 * route's plugin registered) into its text fields and the file. Too large is 413 with
 * `tooLargeMessage`; a second file is 422; a request that is not multipart is 415.
 */
export async function readUpload(
  req: FastifyRequest,
  tooLargeMessage: string,
): Promise<{ fields: Record<string, string>; file: UploadedFile | undefined }> {
  if (!req.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        file = { data: await part.toBuffer(), fileName: part.filename || 'upload' };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', tooLargeMessage);
    if (code === 'FST_FILES_LIMIT')
      throw new AppError(422, 'VALIDATION_ERROR', 'Upload one file at a time.');
    // anything else reading the parts is a body that is not valid multipart: no boundary, cut
    // short, a malformed part header
    throw new AppError(400, 'BAD_REQUEST', MALFORMED_MULTIPART);
  }
  return { fields, file };
}
