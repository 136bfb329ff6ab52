import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { factCreateSchema, factSchema, factUpdateSchema } from '@app/contracts';
import { principalOf, requireAuth } from '../../plugins/authenticate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FactsService } from './facts.service.ts';

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const one = ok(z.object({ fact: factSchema }));
const classParams = z.object({ class_id: z.string().uuid('Class not found') });
const factParams = classParams.extend({ fact_id: z.string().uuid('Fact not found') });
const bearer = [{ bearerAuth: [] }];
const tags = ['facts'];

/** The class's course facts for its teacher: list, add, correct, delete (issue 12). */
export const factsRoutes =
  (facts: FactsService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));
    const teacher = (req: Parameters<typeof principalOf>[0]) => principalOf(req).userId;

    app.get('/classes/:class_id/facts', {
      schema: {
        tags,
        summary:
          "The class's course facts with their sources (corrections and hidden facts marked)",
        security: bearer,
        params: classParams,
        response: { 200: ok(z.object({ facts: z.array(factSchema) })) },
      },
      handler: async (req) => ({
        success: true as const,
        data: { facts: await facts.list(teacher(req), req.params.class_id) },
      }),
    });

    app.post('/classes/:class_id/facts', {
      schema: {
        tags,
        summary: 'Add a course fact (class material: it wins over extracted facts)',
        security: bearer,
        params: classParams,
        body: factCreateSchema,
        response: { 201: one },
      },
      handler: async (req, reply) => {
        const fact = await facts.create(teacher(req), req.params.class_id, req.body);
        return reply.status(201).send({ success: true as const, data: { fact } });
      },
    });

    app.patch('/classes/:class_id/facts/:fact_id', {
      schema: {
        tags,
        summary:
          'Correct an extracted fact (stores a teacher fact overriding it) or edit a teacher fact',
        security: bearer,
        params: factParams,
        body: factUpdateSchema,
        response: { 200: one },
      },
      handler: async (req) => ({
        success: true as const,
        data: {
          fact: await facts.update(teacher(req), req.params.class_id, req.params.fact_id, req.body),
        },
      }),
    });

    app.delete('/classes/:class_id/facts/:fact_id', {
      schema: {
        tags,
        summary: 'Delete a teacher fact, or hide an extracted one',
        security: bearer,
        params: factParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
      handler: async (req) => {
        await facts.delete(teacher(req), req.params.class_id, req.params.fact_id);
        return { success: true as const, message: 'Fact deleted' };
      },
    });
  };
