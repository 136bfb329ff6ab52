import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TRIAL_FILE_MAX_BYTES,
  TRIAL_MESSAGES,
  answerFeedbackSchema,
  trialChatInputSchema,
  trialChatReplySchema,
  trialDocumentSchema,
  trialFeedbackInputSchema,
  trialSessionSchema,
} from '@app/contracts';
import { AppError, invalidInput } from '../../errors.ts';
import { declaredSizeCheck, streamUpload } from '../../plugins/upload.ts';
import { streamAnswer } from '../../plugins/answer-stream.ts';
import { idParams, ok } from '../../plugins/route-helpers.ts';
import type { TrialService } from './trial.service.ts';

const sessionParams = idParams(TRIAL_MESSAGES.serverSessionMissing);
const tags = ['trial'];

/** Public: the no-signup document trial (SPEC §7 Trial). No account; a session id is the key. */
export const trialRoutes =
  (trial: TrialService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: TRIAL_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 },
    });

    app.post('/trial/session', {
      schema: {
        tags,
        summary: 'Start a trial session: one document, ten questions, 24 hours',
        response: { 201: ok(trialSessionSchema) },
      },
      handler: async (req, reply) =>
        reply.status(201).send({ success: true as const, data: await trial.start(req.ip) }),
    });

    app.get('/trial/session/:id', {
      schema: {
        tags,
        summary: "A trial session's document and questions left",
        params: sessionParams,
        response: { 200: ok(trialSessionSchema) },
      },
      handler: async (req) => ({ success: true as const, data: await trial.get(req.params.id) }),
    });

    app.delete('/trial/session/:id', {
      schema: {
        tags,
        summary: 'End a trial session now; its document is deleted',
        params: sessionParams,
        response: { 200: ok(z.object({ deleted: z.literal(true) })) },
      },
      handler: async (req) => {
        await trial.delete(req.params.id);
        return { success: true as const, data: { deleted: true as const } };
      },
    });

    app.post('/trial/upload', {
      schema: {
        tags,
        summary:
          "Upload the session's document (PDF, DOCX or TXT, at most 10 MB); replaces any earlier one",
        consumes: ['multipart/form-data'],
        response: { 201: ok(trialDocumentSchema) },
      },
      // the declared size, then the session (sent before the file), before the file is read
      onRequest: declaredSizeCheck(TRIAL_FILE_MAX_BYTES, TRIAL_MESSAGES.fileTooLarge),
      handler: async (req, reply) => {
        const sessionOf = (fields: Record<string, string>) => {
          const session = sessionParams.shape.id.safeParse(fields.session_id);
          if (!session.success) {
            throw new AppError('NOT_FOUND', TRIAL_MESSAGES.serverSessionMissing);
          }
          return session.data;
        };
        const { fields, file } = await streamUpload(req, TRIAL_MESSAGES.fileTooLarge, {
          beforeFile: async (early) => {
            if (early.session_id !== undefined) await trial.get(sessionOf(early));
          },
          // at most TRIAL_FILE_MAX_BYTES (the multipart limit), read in the request
          store: async (chunks, fileName) => {
            const parts: Buffer[] = [];
            for await (const chunk of chunks) parts.push(chunk);
            return { data: Buffer.concat(parts), fileName };
          },
          discard: async () => {},
        });
        const sessionId = sessionOf(fields);
        if (!file) throw invalidInput('Choose a file to upload.');
        const document = await trial.upload(sessionId, file);
        return reply.status(201).send({ success: true as const, data: document });
      },
    });

    app.post('/trial/chat', {
      schema: {
        tags,
        summary:
          "Ask a question about the session's document (the last six turns may be sent; ten questions per session)",
        body: trialChatInputSchema,
        response: { 200: ok(trialChatReplySchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await trial.ask(req.body.session_id, req.body.question),
      }),
    });

    app.put('/trial/feedback', {
      schema: {
        tags,
        summary: "Rate one of the session's answers helpful or not (null takes the rating back)",
        body: trialFeedbackInputSchema,
        response: { 200: ok(answerFeedbackSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await trial.rate(req.body.session_id, req.body.reply_id, req.body.rating),
      }),
    });

    app.post('/trial/chat/stream', {
      schema: {
        tags,
        summary:
          'Ask about the trial document and receive the answer as it is generated (Server-Sent Events, as POST /chat/ask/{chat_uuid}/stream)',
        body: trialChatInputSchema,
        produces: ['text/event-stream'],
      },
      handler: (req, reply) =>
        streamAnswer(req, reply, (onText) =>
          trial.ask(req.body.session_id, req.body.question, onText),
        ),
    });

    app.get('/trial/health/check', {
      schema: {
        tags,
        summary: "The trial's health and limits",
        response: {
          200: ok(
            z.object({
              status: z.literal('ok'),
              questions_per_session: z.number(),
              max_file_bytes: z.number(),
              file_types: z.array(z.string()),
              session_hours: z.number(),
            }),
          ),
        },
      },
      handler: async () => ({ success: true as const, data: trial.health() }),
    });
  };
