import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerFeedbackInputSchema,
  answerFeedbackSchema,
  askInputSchema,
  chatReplySchema,
  chatSessionSchema,
  type AskInput,
} from '@app/contracts';
import { streamAnswer } from '../../plugins/answer-stream.ts';
import { idParams, ok } from '../../plugins/route-helpers.ts';
import type { ChatService } from './chat.service.ts';

const shareParams = idParams('Class not found', 'chat_uuid');
const tags = ['chat'];

export const chatRoutes =
  (chat: ChatService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/chat/session/:chat_uuid', {
      schema: {
        tags,
        summary:
          "What a student sees when opening a share link. A deactivated class is a 403 CLASS_INACTIVE whose `class` names it as its page's header does (class_name, school_name, professor.last_name)",
        params: shareParams,
        response: {
          200: ok(chatSessionSchema),
        },
      },
      handler: async (req) => ({
        success: true as const,
        data: await chat.session(req.params.chat_uuid),
      }),
    });

    app.post('/chat/ask/:chat_uuid', {
      schema: {
        tags,
        summary: "Ask a question; answered from this class's material only",
        params: shareParams,
        body: askInputSchema,
        response: {
          200: ok(chatReplySchema),
        },
      },
      handler: async (req) => ({
        success: true as const,
        data: await chat.ask(req.params.chat_uuid, askOf(req.body, req.ip)),
      }),
    });

    app.put('/chat/feedback/:conversation_id', {
      schema: {
        tags,
        summary:
          "A student's rating of an answer: helpful or not_helpful, changeable (null takes it back); rate-limited per address",
        params: idParams('Conversation not found', 'conversation_id'),
        body: answerFeedbackInputSchema,
        response: { 200: ok(answerFeedbackSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await chat.rate(
          req.body.chat_uuid,
          req.params.conversation_id,
          req.body.rating,
          req.ip,
        ),
      }),
    });

    app.post('/chat/ask/:chat_uuid/stream', {
      schema: {
        tags,
        summary:
          'Ask a question and receive the answer as it is generated (Server-Sent Events: `delta` {text}…, then `done` with the data of POST /chat/ask, or `error`). Errors before the answer starts are ordinary JSON errors.',
        params: shareParams,
        body: askInputSchema,
        produces: ['text/event-stream'],
      },
      handler: (req, reply) =>
        streamAnswer(req, reply, (onText) =>
          chat.ask(req.params.chat_uuid, askOf(req.body, req.ip), onText),
        ),
    });
  };

const askOf = (body: AskInput, address: string) => ({
  question: body.question,
  studentIdentifier: body.student_identifier ?? null,
  address,
});
