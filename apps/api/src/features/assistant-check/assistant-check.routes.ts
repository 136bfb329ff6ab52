import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assistantCheckAddSchema,
  assistantCheckItemSchema,
  assistantCheckSchema,
  assistantCheckUpdateSchema,
} from '@app/contracts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, idParams, ok, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AssistantCheckService } from './assistant-check.service.ts';

const classParams = idParams('Class not found', 'class_id');
const itemParams = classParams.extend({
  item_id: z.string().min(1).max(64, 'Question not found'),
});
const tags = ['assistant-check'];

/** Check your assistant (issue 29), for the class's teacher. */
export const assistantCheckRoutes =
  (checks: AssistantCheckService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));

    app.get('/classes/:class_id/assistant-check', {
      schema: {
        tags,
        summary:
          "The questions students ask most (and the teacher's own), each with the reply a student gets now and its check",
        security: bearer,
        params: classParams,
        response: { 200: ok(assistantCheckSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await checks.list(teacherOf(req), req.params.class_id),
      }),
    });

    app.put('/classes/:class_id/assistant-check/:item_id', {
      schema: {
        tags,
        summary:
          'Confirm the reply, give the answer (edited), mark the question not covered, or take the check back (unchecked)',
        security: bearer,
        params: itemParams,
        body: assistantCheckUpdateSchema,
        response: { 200: ok(assistantCheckItemSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await checks.update(
          teacherOf(req),
          req.params.class_id,
          req.params.item_id,
          req.body,
        ),
      }),
    });

    app.post('/classes/:class_id/assistant-check', {
      schema: {
        tags,
        summary: "Add a question of the teacher's own to the list",
        security: bearer,
        params: classParams,
        body: assistantCheckAddSchema,
        response: { 201: ok(assistantCheckItemSchema) },
      },
      handler: async (req, reply) => {
        const item = await checks.add(teacherOf(req), req.params.class_id, req.body.question);
        return reply.status(201).send({ success: true as const, data: item });
      },
    });
  };
