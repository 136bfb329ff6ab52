import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SLACK_MESSAGES,
  slackAddUserSchema,
  slackAuthorizedUserSchema,
  slackAuthUrlSchema,
  slackChannelListSchema,
  slackIntegrationSchema,
  slackIntegrationsListSchema,
  slackLinkClassSchema,
  slackTeamSchema,
} from '@app/contracts';
import { errorReplyOf } from '../../errors.ts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, ok, okMessage, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { slackManifest } from './manifest.ts';
import { INSTALL_MESSAGES, type SlackService } from './slack.service.ts';

const tags = ['team chat'];
/** Slack ids (T…, C…, G…) and our UUIDs; anything else is simply not found. */
const slackId = (message: string) => z.string().trim().min(1, message).max(255, message);
const integrationParams = z.object({ id: slackId(SLACK_MESSAGES.integrationNotFound) });
const teamParams = z.object({ teamId: slackId(SLACK_MESSAGES.workspaceNotFound) });
const userParams = z.object({
  id: slackId(SLACK_MESSAGES.integrationNotFound),
  userId: slackId(SLACK_MESSAGES.userNotFound),
});

const integrationsError = (message: string) => `/integrations?error=${encodeURIComponent(message)}`;
/** The reason shown when the install failed on our side (the database, a bug), not the link's. */
const INSTALL_FAILED = 'The installation could not be completed. Please try again in a moment.';

/** The routes Slack and any visitor reach: the manifest and Slack's OAuth redirect. */
export const slackPublicRoutes =
  (slack: SlackService, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/slack/manifest', {
      schema: {
        tags,
        summary: 'The Slack app manifest for this server (a download)',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
      handler: async (_req, reply) =>
        reply
          .header('content-disposition', 'attachment; filename="slack-app-manifest.json"')
          .send(slackManifest(publicUrl)),
    });

    app.get('/slack/oauth/callback', {
      schema: {
        tags,
        summary: "Slack's OAuth v2 redirect: stores the workspace, then back to the app",
        querystring: z.object({
          code: z.string().max(1000).optional(),
          state: z.string().max(2000).optional(),
          error: z.string().max(200).optional(),
        }),
      },
      // a redirect whatever happens: the browser is on this page, not a script
      handler: async (req, reply) => {
        const { error } = await slack.completeInstall(req.query);
        return reply.redirect(error ? integrationsError(error) : '/install-success', 302);
      },
      // a query refused before the handler (too long, repeated, a NUL) or a failure in it
      errorHandler: (error, req, reply) => {
        const { status, log } = errorReplyOf(error);
        if (log) req.log[log]({ err: error }, 'slack install failed');
        return reply.redirect(
          integrationsError(status < 500 ? INSTALL_MESSAGES.badState : INSTALL_FAILED),
          302,
        );
      },
    });
  };

/** SPEC §7 Team chat: the teacher's side. */
export const slackRoutes =
  (slack: SlackService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(auth));

    app.get('/slack/auth-url', {
      schema: {
        tags,
        summary: "Slack's authorize page to install the app in a workspace",
        security: bearer,
        response: { 200: ok(slackAuthUrlSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: { auth_url: slack.authUrl(teacherOf(req)) },
      }),
    });

    app.get('/slack/integrations', {
      schema: {
        tags,
        summary: "The teacher's workspaces and class-channel links with their authorized users",
        security: bearer,
        response: { 200: ok(slackIntegrationsListSchema) },
      },
      handler: async (req) => ({ success: true as const, data: await slack.list(teacherOf(req)) }),
    });

    app.post('/slack/integrations/link-class', {
      schema: {
        tags,
        summary: 'Link a class to a channel of a connected workspace',
        security: bearer,
        body: slackLinkClassSchema,
        response: { 201: ok(slackIntegrationSchema) },
      },
      handler: async (req, reply) =>
        reply
          .status(201)
          .send({ success: true as const, data: await slack.linkClass(teacherOf(req), req.body) }),
    });

    app.delete('/slack/integrations/:id', {
      schema: {
        tags,
        summary: 'Unlink a class from its channel',
        security: bearer,
        params: integrationParams,
        response: { 200: okMessage },
      },
      handler: async (req) => {
        await slack.unlink(teacherOf(req), req.params.id);
        return { success: true as const, message: 'Integration removed' };
      },
    });

    app.post('/slack/integrations/:id/users', {
      schema: {
        tags,
        summary: 'Authorize a workspace member (by e-mail) to add material in the channel',
        security: bearer,
        params: integrationParams,
        body: slackAddUserSchema,
        response: { 201: ok(slackAuthorizedUserSchema) },
      },
      handler: async (req, reply) =>
        reply.status(201).send({
          success: true as const,
          data: await slack.addUser(teacherOf(req), req.params.id, req.body.email),
        }),
    });

    app.delete('/slack/integrations/:id/users/:userId', {
      schema: {
        tags,
        summary: 'Remove an authorized user (by teacher id or authorization id)',
        security: bearer,
        params: userParams,
        response: { 200: okMessage },
      },
      handler: async (req) => {
        await slack.removeUser(teacherOf(req), req.params.id, req.params.userId);
        return { success: true as const, message: 'User removed' };
      },
    });

    app.get('/slack/channels/:teamId', {
      schema: {
        tags,
        summary: "A workspace's public and private channels",
        security: bearer,
        params: teamParams,
        response: { 200: ok(slackChannelListSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await slack.channels(teacherOf(req), req.params.teamId),
      }),
    });

    app.get('/slack/team/:teamId', {
      schema: {
        tags,
        summary: "A workspace's name",
        security: bearer,
        params: teamParams,
        response: { 200: ok(slackTeamSchema) },
      },
      handler: async (req) => ({
        success: true as const,
        data: await slack.teamName(teacherOf(req), req.params.teamId),
      }),
    });
  };
