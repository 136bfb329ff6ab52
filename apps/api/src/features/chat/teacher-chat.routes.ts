import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sampleQuestionsInputSchema,
  sampleQuestionsSchema,
  testQuestionInputSchema,
  testReplySchema,
} from '@app/contracts';
import { streamAnswer } from '../../plugins/answer-stream.ts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, idParams, ok, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { TeacherChatService } from './teacher-chat.service.ts';

const classParams = idParams('Class not found', 'class_id');
const tags = ['chat'];

/** Teacher-only chat routes: a class's suggested questions, and testing the assistant. */
export const teacherChatRoutes =
  (teacherChat: TeacherChatService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));

    app.get('/chat/sample-questions/:class_id', {
      schema: {
        tags,
        summary: "The class's suggested questions: the teacher's own, else drawn from the material",
        security: bearer,
        params: classParams,
        response: { 200: ok(sampleQuestionsSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await teacherChat.sampleQuestions(teacherOf(req), req.params.class_id),
      }),
    });

    app.post('/chat/sample-questions', {
      schema: {
        tags,
        summary: 'Set the suggested questions (at most 3); an empty list goes back to the defaults',
        security: bearer,
        body: sampleQuestionsInputSchema,
        response: { 200: ok(sampleQuestionsSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await teacherChat.saveSampleQuestions(
          teacherOf(req),
          req.body.class_id,
          req.body.questions,
        ),
      }),
    });

    app.post('/chat/test/:class_id', {
      schema: {
        tags,
        summary: "Try a question on the class's material (wizard step 3); nothing is stored",
        security: bearer,
        params: classParams,
        body: testQuestionInputSchema,
        response: { 200: ok(testReplySchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await teacherChat.testQuestion(
          teacherOf(req),
          req.params.class_id,
          req.body.question,
        ),
      }),
    });

    app.post('/chat/test/:class_id/stream', {
      schema: {
        tags,
        summary:
          'Try a question and receive the answer as it is generated (Server-Sent Events, as POST /chat/ask/{chat_uuid}/stream); nothing is stored',
        security: bearer,
        params: classParams,
        body: testQuestionInputSchema,
        produces: ['text/event-stream'],
      },
      handler: (req, reply) =>
        streamAnswer(req, reply, (onText) =>
          teacherChat.testQuestion(teacherOf(req), req.params.class_id, req.body.question, onText),
        ),
    });
  };
