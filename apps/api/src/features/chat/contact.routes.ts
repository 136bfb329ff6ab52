import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactInputSchema, contactReplySchema } from '@app/contracts';
import { idParams, ok } from '../../plugins/route-helpers.ts';
import type { ContactService } from './contact.service.ts';

const shareParams = idParams('Class not found', 'chat_uuid');
const tags = ['chat'];

/** Public: a student asks the teacher to get in touch about one conversation. */
export const contactRoutes =
  (contact: ContactService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/chat/contact/:chat_uuid', {
      schema: {
        tags,
        summary:
          'Ask the teacher to contact the student about a conversation (e-mails the teacher)',
        params: shareParams,
        body: contactInputSchema,
        response: { 201: ok(contactReplySchema) },
      },
      handler: async (req, reply) =>
        reply.status(201).send({
          success: true as const,
          data: await contact.request(req.params.chat_uuid, {
            conversationId: req.body.conversation_id,
            studentEmail: req.body.student_email,
            reason: req.body.request_reason,
            address: req.ip,
          }),
        }),
    });
  };
