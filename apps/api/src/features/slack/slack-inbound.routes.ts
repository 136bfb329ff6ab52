import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SlackInboundService, SlackSignedRequest } from './slack-inbound.service.ts';

const tags = ['team chat'];
/** Slack's events and commands are a few kilobytes; a file's bytes never come this way. */
const BODY_LIMIT = 512 * 1024;

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

const signatureHeaders = (req: FastifyRequest) => ({
  timestamp: header(req, 'x-slack-request-timestamp'),
  signature: header(req, 'x-slack-signature'),
});

const signed = (req: FastifyRequest): SlackSignedRequest => ({
  body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
  ...signatureHeaders(req),
});

/**
 * What Slack calls. The v0 signature covers the raw body, so this scope keeps
 * JSON and form-encoded bodies as bytes (only here). Nothing reads a body before it is proven to
 * be Slack's: a request whose headers cannot be Slack's is refused before its body is
 * read, and the signature is checked as the body arrives, before any hook looks at it; the
 * service then parses.
 */
export const slackInboundRoutes =
  (inbound: SlackInboundService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (req) => inbound.checkSignatureHeaders(signatureHeaders(req)));
    const verifyAsRead = (
      req: FastifyRequest,
      body: Buffer,
      done: (e: Error | null, b?: Buffer) => void,
    ) => {
      try {
        inbound.verified({ body, ...signatureHeaders(req) });
      } catch (error) {
        return done(error as Error);
      }
      return done(null, body);
    };
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      verifyAsRead,
    );
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      verifyAsRead,
    );

    app.post('/slack/events', {
      schema: {
        tags,
        summary: "Slack's Events API (signed): acknowledged at once, the work queued",
        response: {
          200: z.object({ ok: z.boolean().optional(), challenge: z.string().optional() }),
        },
      },
      handler: async (req) => {
        const { challenge } = await inbound.receiveEvent(
          signed(req),
          header(req, 'x-slack-retry-num'),
        );
        return challenge !== undefined ? { challenge } : { ok: true };
      },
    });

    app.post('/slack/commands', {
      schema: {
        tags,
        summary: 'Slack slash commands (signed, form-encoded): /link-class',
        response: {
          200: z.object({ response_type: z.literal('ephemeral'), text: z.string() }),
        },
      },
      handler: async (req) => inbound.runCommand(signed(req)),
    });
  };
