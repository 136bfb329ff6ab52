import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classCreateSchema,
  classListQuerySchema,
  classListSchema,
  classSchema,
  classUpdateSchema,
} from '@app/contracts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, idParams, ok, okMessage, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ClassesService } from './classes.service.ts';

const classParams = idParams('Class not found');
const tags = ['classes'];

export const classesRoutes =
  (classes: ClassesService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));

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
        data: await classes.list(teacherOf(req), req.query.active_only),
      }),
    });

    app.get('/classes/drafts', {
      schema: {
        tags,
        summary:
          "The teacher's unfinished classes (is_draft), newest first, for the wizard to offer to resume",
        security: bearer,
        response: { 200: ok(z.object({ classes: z.array(classSchema) })) },
      },
      handler: async (req) => ({
        success: true as const,
        data: { classes: await classes.drafts(teacherOf(req)) },
      }),
    });

    app.post('/classes', {
      schema: {
        tags,
        summary:
          'Create a class (checks the billing allowance); `is_draft: true` for the wizard, until PUT `is_draft: false`',
        security: bearer,
        body: classCreateSchema,
        response: { 201: ok(classSchema) },
      },
      handler: async (req, reply) =>
        reply
          .status(201)
          .send({ success: true as const, data: await classes.create(teacherOf(req), req.body) }),
    });

    app.get('/classes/:id', {
      schema: {
        tags,
        summary: 'One class',
        security: bearer,
        params: classParams,
        response: { 200: ok(classSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await classes.get(teacherOf(req), req.params.id),
      }),
    });

    app.put('/classes/:id', {
      schema: {
        tags,
        summary: 'Update class information or is_active',
        security: bearer,
        params: classParams,
        body: classUpdateSchema,
        response: { 200: ok(classSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await classes.update(teacherOf(req), req.params.id, req.body),
      }),
    });

    app.delete('/classes/:id', {
      schema: {
        tags,
        summary: 'Delete a class with its content',
        security: bearer,
        params: classParams,
        response: { 200: okMessage },
      },
      handler: async (req) => {
        await classes.delete(teacherOf(req), req.params.id);
        return { success: true as const, message: 'Class deleted' };
      },
    });
  };
