import type { FastifyInstance } from 'fastify';
import type { ContentItem } from '@app/contracts';
import { multipartBody } from './multipart.ts';

/** POST /api/content/upload of text fields (sent first) and a file, as the web sends it. */
export function postUpload(
  app: FastifyInstance,
  auth: Record<string, string>,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer },
  headers: Record<string, string> = {},
) {
  const body = multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/content/upload',
    headers: { ...auth, ...body.headers, ...headers },
    payload: body.payload,
  });
}

/**
 * The item once its job has read it (`ready` or `failed`), polling GET /api/content/{id} as a
 * client does; undefined once it is gone (deleted, replaced by a newer syllabus). The deadline
 * only bounds a broken run.
 */
export async function settledItem(
  app: FastifyInstance,
  auth: Record<string, string>,
  id: string,
): Promise<ContentItem | undefined> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/content/${id}`, headers: auth });
    if (res.statusCode === 404) return undefined;
    const item = (res.json() as { data: { content: ContentItem } }).data.content;
    if (item.status !== 'processing' || Date.now() > deadline) return item;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Uploads a file and waits for its job: the reply (202, the item `processing`) and the item as
 * it settled. Throws when the upload was not accepted.
 */
export async function uploadAndSettle(
  app: FastifyInstance,
  auth: Record<string, string>,
  fields: Record<string, string>,
  file: { name: string; data: Buffer },
) {
  const res = await postUpload(app, auth, fields, file);
  if (res.statusCode !== 202) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  const accepted = (res.json() as { data: { content: ContentItem } }).data.content;
  const item = await settledItem(app, auth, accepted.id);
  if (!item) throw new Error(`the uploaded item ${accepted.id} is gone`);
  return { res, accepted, item };
}
