import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { askInputSchema, chatReplySchema, chatSessionSchema } from '@app/contracts';
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
        summary: 'What a student sees when opening a share link',
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
        data: await chat.ask(req.params.chat_uuid, {
          question: req.body.question,
          studentIdentifier: req.body.student_identifier ?? null,
          address: req.ip,
        }),
      }),
    });
  };
