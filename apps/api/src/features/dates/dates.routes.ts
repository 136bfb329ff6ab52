import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classDatesSchema, datedItemSchema, datedItemUpdateSchema } from '@app/contracts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, idParams, ok, okMessage, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { DatesService } from './dates.service.ts';

const classParams = idParams('Class not found', 'class_id');
const itemParams = classParams.extend({ item_id: z.string().uuid('Date not found') });
const tags = ['dates'];

/** A class's dated items for its teacher: list, correct, remove (issue 30). */
export const datesRoutes =
  (dates: DatesService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));

    app.get('/classes/:class_id/dates', {
      schema: {
        tags,
        summary:
          "The class's dated items (exams, due dates, no-class days) read from its material, with today in its time zone",
        security: bearer,
        params: classParams,
        response: { 200: ok(classDatesSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await dates.list(teacherOf(req), req.params.class_id),
      }),
    });

    app.put('/classes/:class_id/dates/:item_id', {
      schema: {
        tags,
        summary: "Correct a dated item's date or title (a teacher correction of its course fact)",
        security: bearer,
        params: itemParams,
        body: datedItemUpdateSchema,
        response: { 200: ok(datedItemSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await dates.update(teacherOf(req), req.params.class_id, req.params.item_id, req.body),
      }),
    });

    app.delete('/classes/:class_id/dates/:item_id', {
      schema: {
        tags,
        summary: 'Remove a dated item (its course fact is hidden)',
        security: bearer,
        params: itemParams,
        response: { 200: okMessage },
      },
      handler: async (req) => {
        await dates.delete(teacherOf(req), req.params.class_id, req.params.item_id);
        return { success: true as const, message: 'Date removed' };
      },
    });
  };
