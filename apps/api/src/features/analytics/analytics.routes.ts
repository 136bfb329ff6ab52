import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsQuerySchema, analyticsSchema } from '@app/contracts';
import { principalOf, requireAuth } from '../../plugins/authenticate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AnalyticsService } from './analytics.service.ts';

const classParams = z.object({ class_id: z.string().uuid('Class not found') });

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
        security: [{ bearerAuth: [] }],
        params: classParams,
        querystring: analyticsQuerySchema,
        response: { 200: z.object({ success: z.literal(true), data: analyticsSchema }) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await analytics.forClass({
          teacherId: principalOf(req).userId,
          classId: req.params.class_id,
          days: req.query.days,
          timeZone: req.query.tz,
        }),
      }),
    });
  };
