import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classInputSchema,
  classListQuerySchema,
  classListSchema,
  classSchema,
  classUpdateSchema,
} from '@app/contracts';
import { principalOf, requireAuth } from '../../plugins/authenticate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ClassesService } from './classes.service.ts';

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const idParams = z.object({ id: z.string().uuid('Class not found') });
const bearer = [{ bearerAuth: [] }];
const tags = ['classes'];

export const classesRoutes =
  (classes: ClassesService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));
    const teacher = (req: Parameters<typeof principalOf>[0]) => principalOf(req).userId;

    app.get('/classes', {
      schema: {
        tags,
        summary: "The teacher's classes and billing summary",
        security: bearer,
        querystring: classListQuerySchema,
        response: { 200: ok(classListSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await classes.list(teacher(req), req.query.active_only),
      }),
    });

    app.post('/classes', {
      schema: {
        tags,
        summary: 'Create a class (checks the billing allowance)',
        security: bearer,
        body: classInputSchema,
        response: { 201: ok(classSchema) },
      },
      handler: async (req, reply) =>
        reply
          .status(201)
          .send({ success: true as const, data: await classes.create(teacher(req), req.body) }),
    });

    app.get('/classes/:id', {
      schema: {
        tags,
        summary: 'One class',
        security: bearer,
        params: idParams,
        response: { 200: ok(classSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await classes.get(teacher(req), req.params.id),
      }),
    });

    app.put('/classes/:id', {
      schema: {
        tags,
        summary: 'Update class information or is_active',
        security: bearer,
        params: idParams,
        body: classUpdateSchema,
        response: { 200: ok(classSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await classes.update(teacher(req), req.params.id, req.body),
      }),
    });

    app.delete('/classes/:id', {
      schema: {
        tags,
        summary: 'Delete a class with its content',
        security: bearer,
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
      handler: async (req) => {
        await classes.delete(teacher(req), req.params.id);
        return { success: true as const, message: 'Class deleted' };
      },
    });
  };
