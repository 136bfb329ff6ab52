import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './health.service.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptime_s: z.number(),
});

const liveSchema = z.object({ status: z.literal('ok'), uptime_s: z.number() });

/** How long the readiness check waits for the database. */
const DATABASE_CHECK_MS = 2000;

export const healthRoutes =
  (health: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    // /health/ready is for a load balancer: route traffic here only while the database answers
    for (const path of ['/health', '/health/ready'])
      app.get(path, {
        schema: {
          tags: ['health'],
          summary: 'Ready to serve: the process answers and so does its database (503 when not)',
          response: { 200: healthSchema, 503: healthSchema },
        },
        handler: async (_req, reply) => {
          const up = await health.databaseAnswers(DATABASE_CHECK_MS);
          const body = {
            status: up ? ('ok' as const) : ('degraded' as const),
            database: up ? ('up' as const) : ('down' as const),
            uptime_s: Math.round(process.uptime()),
          };
          return reply.status(up ? 200 : 503).send(body);
        },
      });
    // for a supervisor: restart the process only when it stops answering, not when the database does
    app.get('/health/live', {
      schema: {
        tags: ['health'],
        summary: 'The process answers (never looks at the database)',
        response: { 200: liveSchema },
      },
      handler: async () => ({ status: 'ok' as const, uptime_s: Math.round(process.uptime()) }),
    });
  };
