import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationPageSchema,
  correctionInputSchema,
  correctionReplySchema,
  teacherAnswerInputSchema,
  teacherAnswerReplySchema,
  unansweredDismissInputSchema,
  unansweredDismissReplySchema,
  unansweredListSchema,
} from '@app/contracts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, idParams, ok, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ConversationsService } from './conversations.service.ts';

const classParams = idParams('Class not found', 'class_id');
const tags = ['conversations'];

/** The teacher's review of a class's conversations (SPEC §2 Chat History and Chats, §7 Chat). */
export const conversationsRoutes =
  (conversations: ConversationsService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));

    app.get('/chat/conversations/:class_id', {
      schema: {
        tags,
        summary:
          "A page of the class's conversations, newest first; filter=not_helpful or not_covered narrows it. A search finds its words in any form in the question or the answer (quoted phrases, or, -word); with no such match, every word as text. Its matches are counted up to 1,000 (total_is_lower_bound past that)",
        security: bearer,
        params: classParams,
        querystring: conversationListQuerySchema,
        response: { 200: conversationPageSchema },
      },
      handler: async (req) => ({
        success: true as const,
        ...(await conversations.list(teacherOf(req), req.params.class_id, req.query)),
      }),
    });

    app.get('/chat/conversation/:id', {
      schema: {
        tags,
        summary: 'One conversation in full, with the passages it cited',
        security: bearer,
        params: idParams('Conversation not found'),
        response: { 200: ok(conversationDetailSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await conversations.detail(teacherOf(req), req.params.id),
      }),
    });

    app.post('/chat/conversation/:id/correct', {
      schema: {
        tags,
        summary:
          "Correct an answer: the teacher's answer becomes class material and is given to the next student asking the same question",
        security: bearer,
        params: idParams('Conversation not found'),
        body: correctionInputSchema,
        response: { 201: ok(correctionReplySchema) },
      },
      handler: async (req, reply) =>
        reply.status(201).send({
          success: true as const,
          data: await conversations.correct(teacherOf(req), req.params.id, req.body.answer),
        }),
    });

    app.get('/chat/conversations/:class_id/export', {
      schema: {
        tags,
        summary: 'Every conversation of the class as a CSV file (formulas neutralised)',
        security: bearer,
        params: classParams,
        produces: ['text/csv'],
      },
      handler: async (req, reply) => {
        const file = await conversations.exportCsv(teacherOf(req), req.params.class_id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(file.lines));
      },
    });

    app.get('/chat/unanswered/:class_id', {
      schema: {
        tags,
        summary:
          'Open questions the material did not cover, grouped when they are the same question in other words',
        security: bearer,
        params: classParams,
        response: { 200: ok(unansweredListSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await conversations.unanswered(teacherOf(req), req.params.class_id),
      }),
    });

    app.post('/chat/unanswered/:class_id/answer', {
      schema: {
        tags,
        summary:
          'Answer a question once: saved as class material titled by the question; the listed conversations close',
        security: bearer,
        params: classParams,
        body: teacherAnswerInputSchema,
        response: { 201: ok(teacherAnswerReplySchema) },
      },
      handler: async (req, reply) =>
        reply.status(201).send({
          success: true as const,
          data: await conversations.answer(teacherOf(req), req.params.class_id, req.body),
        }),
    });

    app.post('/chat/unanswered/:class_id/dismiss', {
      schema: {
        tags,
        summary:
          'Dismiss questions not about the course: the listed conversations leave the unanswered list without an answer (a repeat changes nothing)',
        security: bearer,
        params: classParams,
        body: unansweredDismissInputSchema,
        response: { 200: ok(unansweredDismissReplySchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await conversations.dismiss(
          teacherOf(req),
          req.params.class_id,
          req.body.conversation_ids,
        ),
      }),
    });

    app.post('/chat/unanswered/:class_id/restore', {
      schema: {
        tags,
        summary: 'Undo a dismissal: the listed dismissed conversations are back on the list',
        security: bearer,
        params: classParams,
        body: unansweredDismissInputSchema,
        response: { 200: ok(unansweredDismissReplySchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await conversations.restore(
          teacherOf(req),
          req.params.class_id,
          req.body.conversation_ids,
        ),
      }),
    });
  };
