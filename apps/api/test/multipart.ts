import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body for app.inject: text fields and at most one file, after the fields
 * (as the README asks) unless `fileFirst`.
 */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string; field?: string },
  options: { fileFirst?: boolean } = {},
) {
  const boundary = `----syllabot${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  const fieldParts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    fieldParts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (!options.fileFirst) parts.push(...fieldParts);
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  if (options.fileFirst) parts.push(...fieldParts);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
