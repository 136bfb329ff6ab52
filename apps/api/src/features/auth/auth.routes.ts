import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailConfirmedSchema,
  linkTokenRequestSchema,
  loginRequestSchema,
  notMeResultSchema,
  profileUpdateSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  RESET_PASSWORD_REPLY,
  tokensSchema,
  updatePasswordRequestSchema,
  userSchema,
} from '@app/contracts';
import { bearerToken, principalOf, requireAuth } from '../../plugins/authenticate.ts';
import { bearer, ok, okMessage, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from './auth.service.ts';

const authResult = ok(z.object({ user: userSchema, tokens: tokensSchema }));
const userResult = ok(z.object({ user: userSchema }));

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    const userAgent = (h: string | string[] | undefined) => (typeof h === 'string' ? h : null);

    app.post('/auth/register', {
      schema: {
        tags: ['auth'],
        summary: 'Create a teacher account (status incomplete_signup)',
        body: registerRequestSchema,
        response: { 201: authResult },
      },
      handler: async (req, reply) => {
        const data = await auth.register({
          ...req.body,
          address: req.ip,
          userAgent: userAgent(req.headers['user-agent']),
        });
        return reply.status(201).send({ success: true, data });
      },
    });

    app.post('/auth/login', {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: authResult },
      },
      handler: async (req) => {
        const data = await auth.login({
          ...req.body,
          address: req.ip,
          userAgent: userAgent(req.headers['user-agent']),
        });
        return { success: true as const, data };
      },
    });

    app.post('/auth/refresh', {
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token',
        body: refreshRequestSchema,
        response: { 200: ok(z.object({ tokens: tokensSchema })) },
      },
      handler: async (req) => ({
        success: true as const,
        data: { tokens: await auth.refresh(req.body.refresh_token) },
      }),
    });

    app.post('/auth/logout', {
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        security: bearer,
        response: { 200: okMessage },
      },
      onRequest: requireAuth(auth),
      handler: async (req) => {
        await auth.logout(principalOf(req));
        return { success: true as const, message: 'Signed out' };
      },
    });

    app.post('/auth/reset-password', {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link if the account exists',
        body: resetPasswordRequestSchema,
        response: { 200: okMessage },
      },
      handler: async (req) => {
        await auth.requestPasswordReset({ email: req.body.email, address: req.ip });
        return { success: true as const, message: RESET_PASSWORD_REPLY };
      },
    });

    app.post('/auth/update-password', {
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password: signed in (an access token) with current_password, or with a reset link token as the bearer',
        security: bearer,
        body: updatePasswordRequestSchema,
        response: { 200: okMessage },
      },
      handler: async (req) => {
        await auth.updatePassword({
          bearer: bearerToken(req),
          password: req.body.password,
          currentPassword: req.body.current_password,
          address: req.ip,
        });
        return { success: true as const, message: 'Password updated' };
      },
    });

    app.get('/auth/profile', {
      schema: {
        tags: ['auth'],
        summary: "The signed-in teacher's profile",
        security: bearer,
        response: { 200: userResult },
      },
      onRequest: requireAuth(auth),
      handler: async (req) => ({
        success: true as const,
        data: { user: await auth.getProfile(teacherOf(req)) },
      }),
    });

    app.put('/auth/profile', {
      schema: {
        tags: ['auth'],
        summary:
          'Update name and institution, and ask for a new e-mail address (confirmed from a link sent to it); needs current_password',
        security: bearer,
        body: profileUpdateSchema,
        response: { 200: userResult },
      },
      onRequest: requireAuth(auth),
      handler: async (req) => ({
        success: true as const,
        data: { user: await auth.updateProfile(teacherOf(req), req.body, req.ip) },
      }),
    });

    app.post('/auth/confirm-email', {
      schema: {
        tags: ['auth'],
        summary: "Confirm a new e-mail address with the link's token (single use, 24 hours)",
        body: linkTokenRequestSchema,
        response: { 200: ok(emailConfirmedSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await auth.confirmEmail(req.body.token),
      }),
    });

    app.post('/auth/not-me', {
      schema: {
        tags: ['auth'],
        summary:
          '"This wasn\'t me" from an account alert: end every session, cancel a pending e-mail change, restore a replaced address, require a new password',
        body: linkTokenRequestSchema,
        response: { 200: ok(notMeResultSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await auth.reportNotMe(req.body.token),
      }),
    });
  };
