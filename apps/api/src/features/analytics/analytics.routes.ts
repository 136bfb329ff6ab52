import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsSchema } from '@app/contracts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, idParams, ok, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AnalyticsService } from './analytics.service.ts';

const classParams = idParams('Class not found', 'class_id');

/** GET /chat/analytics/{class_id}: a class's figures for its teacher. */
export const analyticsRoutes =
  (analytics: AnalyticsService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));

    app.get('/chat/analytics/:class_id', {
      schema: {
        tags: ['chat'],
        summary:
          "A class's questions per day and hour, answered share, top and unanswered questions, " +
          'material usage and contact requests, counted in the given time zone',
        security: bearer,
        params: classParams,
        querystring: analyticsQuerySchema,
        response: { 200: ok(analyticsSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await analytics.forClass({
          teacherId: teacherOf(req),
          classId: req.params.class_id,
          days: req.query.days,
          timeZone: req.query.tz,
        }),
      }),
    });
  };
