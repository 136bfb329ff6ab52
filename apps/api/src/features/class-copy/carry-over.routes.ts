import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classCarryOverReplySchema, classCarryOverSchema } from '@app/contracts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, idParams, ok, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CarryOverService } from './carry-over.service.ts';

const classParams = idParams('Class not found', 'class_id');

/** Copy Class's carry-over of the teacher's work (issue 31), for the teacher of both classes. */
export const carryOverRoutes =
  (carryOver: CarryOverService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));

    app.post('/classes/:class_id/carry-over', {
      schema: {
        tags: ['classes'],
        summary:
          "Copy Class: copies the teacher's course-fact corrections, additions and hidden facts, teacher answers and checked answers of `from_class_id` into this class, once (409 after)",
        security: bearer,
        params: classParams,
        body: classCarryOverSchema,
        response: { 200: ok(classCarryOverReplySchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await carryOver.carry(teacherOf(req), req.params.class_id, req.body),
      }),
    });
  };
