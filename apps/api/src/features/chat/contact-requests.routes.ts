import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailReplyInputSchema,
  emailRequestListSchema,
  emailRequestSchema,
  emailRequestsQuerySchema,
} from '@app/contracts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, idParams, ok, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ContactRequestsService } from './contact-requests.service.ts';

const requestParams = idParams('Contact request not found');
const tags = ['contact requests'];

/** Teacher-only: students' contact requests across their classes (SPEC §2, §4, §7 Chat). */
export const contactRequestsRoutes =
  (requests: ContactRequestsService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));

    app.get('/chat/email-requests', {
      schema: {
        tags,
        summary: 'Contact requests, pending first; `unanswered` counts the pending ones',
        security: bearer,
        querystring: emailRequestsQuerySchema,
        response: { 200: ok(emailRequestListSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await requests.list(teacherOf(req), req.query),
      }),
    });

    app.post('/chat/email-requests/:id/respond', {
      schema: {
        tags,
        summary: 'Mark Responded (a request already responded keeps its date)',
        security: bearer,
        params: requestParams,
        response: { 200: ok(emailRequestSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await requests.markResponded(teacherOf(req), req.params.id),
      }),
    });

    app.post('/chat/email-requests/:id/reply', {
      schema: {
        tags,
        summary: 'E-mail a reply to the student; it is stored and the request marked responded',
        security: bearer,
        params: requestParams,
        body: emailReplyInputSchema,
        response: { 200: ok(emailRequestSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await requests.reply(teacherOf(req), req.params.id, req.body.message),
      }),
    });
  };
