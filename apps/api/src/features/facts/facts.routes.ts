import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { factCreateSchema, factSchema, factUpdateSchema } from '@app/contracts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, idParams, ok, okMessage, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FactsService } from './facts.service.ts';

const one = ok(z.object({ fact: factSchema }));
const classParams = idParams('Class not found', 'class_id');
const factParams = classParams.extend({ fact_id: z.string().uuid('Fact not found') });
const tags = ['facts'];

/** The class's course facts for its teacher: list, add, correct, delete. */
export const factsRoutes =
  (facts: FactsService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));

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
        data: { facts: await facts.list(teacherOf(req), req.params.class_id) },
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
        const fact = await facts.create(teacherOf(req), req.params.class_id, req.body);
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
          fact: await facts.update(
            teacherOf(req),
            req.params.class_id,
            req.params.fact_id,
            req.body,
          ),
        },
      }),
    });

    app.delete('/classes/:class_id/facts/:fact_id', {
      schema: {
        tags,
        summary: 'Delete a teacher fact, or hide an extracted one',
        security: bearer,
        params: factParams,
        response: { 200: okMessage },
      },
      handler: async (req) => {
        await facts.delete(teacherOf(req), req.params.class_id, req.params.fact_id);
        return { success: true as const, message: 'Fact deleted' };
      },
    });
  };
