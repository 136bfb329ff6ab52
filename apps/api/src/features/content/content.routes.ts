import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTENT_MAX_FILE_BYTES,
  CONTENT_MESSAGES,
  contentCreateSchema,
  contentItemSchema,
  contentStatsSchema,
  contentTypeInputSchema,
  contentUpdateSchema,
  idempotencyKeySchema,
  syllabusCreateSchema,
  type ContentItem,
} from '@app/contracts';
import { InputValidationError, invalidInput } from '../../errors.ts';
import { declaredSizeCheck, streamUpload } from '../../plugins/upload.ts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, idParams, ok, okMessage, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ContentService } from './content.service.ts';

const one = ok(z.object({ content: contentItemSchema }));
const contentParams = idParams('Content not found');
const classParams = idParams('Class not found', 'classId');
const tags = ['content'];

const uploadFields = z.object({
  class_id: z.string().uuid('class_id must be a class id'),
  content_type: contentTypeInputSchema.default('additional'),
  title: z.string().max(10_000).optional(),
});

type StoredFile = Awaited<ReturnType<ContentService['storeFile']>>;

/** Ends an upload whose Idempotency-Key names an earlier one, before its file is read. */
class Replayed extends Error {
  constructor(readonly item: ContentItem) {
    super('replayed');
  }
}

/** An upload may name itself with an Idempotency-Key (validated with the request: 422 on headers). */
const uploadHeaders = z.looseObject({
  // IDEMPOTENCY_KEY_HEADER, as Node gives header names
  'idempotency-key': idempotencyKeySchema.optional(),
});

export const contentRoutes =
  (content: ContentService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    // one file per request; 1 byte over the limit is enough to know it is too large
    await app.register(multipart, {
      limits: { fileSize: CONTENT_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
    });
    app.addHook('onRequest', requireAuth(auth));

    app.post('/content/upload', {
      schema: {
        tags,
        summary:
          "Upload a file (PDF, Word, Excel, CSV, text). It is stored, then read and indexed in the background: the reply is 202 at once with the item `processing` (without its text); GET /content/{id} shows when it is `ready`, or `failed` and why. A file refused before it is stored (too large, a type that cannot be read, empty) is a 4xx. Send the text fields before the file. With an `Idempotency-Key` header (8 to 128 visible ASCII characters, e.g. a UUID per file, the same on its retries), the same teacher sending that key again within 24 hours gets the first upload's item (202, same id) and nothing new is stored.",
        security: bearer,
        consumes: ['multipart/form-data'],
        headers: uploadHeaders,
        response: { 202: one },
      },
      // the declared size, then (fields sent before the file) the class, before the file is read
      onRequest: declaredSizeCheck(CONTENT_MAX_FILE_BYTES, CONTENT_MESSAGES.tooLarge),
      handler: async (req, reply) => {
        const parseFields = (fields: Record<string, string>) => {
          const parsed = uploadFields.safeParse(fields);
          if (parsed.success) return parsed.data;
          throw new InputValidationError(
            parsed.error.issues.map((i) => ({
              loc: ['body', ...i.path.map(String)],
              msg: i.message,
              type: i.code,
            })),
          );
        };
        const idempotencyKey = req.headers['idempotency-key'];
        let upload: { fields: Record<string, string>; file: StoredFile | undefined };
        try {
          upload = await streamUpload(req, CONTENT_MESSAGES.tooLarge, {
            beforeFile: async (early) => {
              if (early.class_id === undefined) return;
              const classId = parseFields(early).class_id;
              await content.requireClass(teacherOf(req), classId);
              // a retry of an upload already stored: its item, and this file is never read
              const earlier =
                idempotencyKey && (await content.replayOf(teacherOf(req), idempotencyKey, classId));
              if (earlier) throw new Replayed(earlier);
            },
            store: (chunks, fileName) => content.storeFile(chunks, fileName),
            discard: (stored) => content.discardFile(stored.uploadId),
          });
        } catch (err) {
          if (!(err instanceof Replayed)) throw err;
          return reply
            .status(202)
            .header('connection', 'close')
            .send({ success: true as const, data: { content: err.item } });
        }
        const { fields, file } = upload;
        try {
          const input = parseFields(fields);
          if (!file) throw invalidInput('Choose a file to upload.');
          const item = await content.upload(teacherOf(req), {
            classId: input.class_id,
            contentType: input.content_type,
            title: input.title,
            file,
            idempotencyKey,
          });
          return reply.status(202).send({ success: true as const, data: { content: item } });
        } catch (err) {
          if (file) await content.discardFile(file.uploadId);
          throw err;
        }
      },
    });

    app.post('/content/syllabus', {
      schema: {
        tags,
        summary: "Set the class's syllabus from text (replaces the previous one)",
        security: bearer,
        body: syllabusCreateSchema,
        response: { 201: one },
      },
      handler: async (req, reply) => {
        const b = req.body;
        const item = await content.createText(teacherOf(req), {
          classId: b.class_id,
          title: b.title,
          content: b.content,
          contentType: 'syllabus',
          fileName: b.file_name,
          fileType: b.file_type,
          fileSize: b.file_size,
        });
        return reply.status(201).send({ success: true as const, data: { content: item } });
      },
    });

    app.get('/content/syllabus/:classId', {
      schema: {
        tags,
        summary: "The class's syllabus",
        security: bearer,
        params: classParams,
        response: { 200: one },
      },
      handler: async (req) => ({
        success: true as const,
        data: { content: await content.getSyllabus(teacherOf(req), req.params.classId) },
      }),
    });

    app.put('/content/syllabus/:classId', {
      schema: {
        tags,
        summary: "Edit the class's syllabus",
        security: bearer,
        params: classParams,
        body: contentUpdateSchema.pick({ title: true, content: true }),
        response: { 200: one },
      },
      handler: async (req) => ({
        success: true as const,
        data: {
          content: await content.updateSyllabus(teacherOf(req), req.params.classId, req.body),
        },
      }),
    });

    app.post('/content', {
      schema: {
        tags,
        summary: 'Add text content to a class',
        security: bearer,
        body: contentCreateSchema,
        response: { 201: one },
      },
      handler: async (req, reply) => {
        const b = req.body;
        const item = await content.createText(teacherOf(req), {
          classId: b.class_id,
          title: b.title,
          content: b.content,
          contentType: b.content_type,
          displayOrder: b.display_order,
          fileName: b.file_name,
          fileType: b.file_type,
          fileSize: b.file_size,
        });
        return reply.status(201).send({ success: true as const, data: { content: item } });
      },
    });

    app.get('/content/class/:classId', {
      schema: {
        tags,
        summary: "A class's content (without the text)",
        security: bearer,
        params: classParams,
        response: { 200: ok(z.object({ contents: z.array(contentItemSchema) })) },
      },
      handler: async (req) => ({
        success: true as const,
        data: { contents: await content.list(teacherOf(req), req.params.classId) },
      }),
    });

    app.get('/content/stats/:classId', {
      schema: {
        tags,
        summary: "Counts of a class's content",
        security: bearer,
        params: classParams,
        response: { 200: ok(contentStatsSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await content.stats(teacherOf(req), req.params.classId),
      }),
    });

    app.get('/content/:id', {
      schema: {
        tags,
        summary: 'One content item with its text',
        security: bearer,
        params: contentParams,
        response: { 200: one },
      },
      handler: async (req) => ({
        success: true as const,
        data: { content: await content.get(teacherOf(req), req.params.id) },
      }),
    });

    app.put('/content/:id', {
      schema: {
        tags,
        summary: 'Edit a content item (new text is re-indexed)',
        security: bearer,
        params: contentParams,
        body: contentUpdateSchema,
        response: { 200: one },
      },
      handler: async (req) => ({
        success: true as const,
        data: { content: await content.update(teacherOf(req), req.params.id, req.body) },
      }),
    });

    app.delete('/content/:id', {
      schema: {
        tags,
        summary: 'Delete a content item and its chunks',
        security: bearer,
        params: contentParams,
        response: { 200: okMessage },
      },
      handler: async (req) => {
        await content.delete(teacherOf(req), req.params.id);
        return { success: true as const, message: 'Content deleted' };
      },
    });
  };
