import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { slackSignature } from '../src/features/slack/slack-signature.ts';
import type { FakeSlack } from './fakes/slack.ts';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Waits for `check`; the deadline only ends a broken run. */
export async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Installs `teamId` for the teacher of `auth` through auth-url and the OAuth callback. */
export async function installSlackTeam(
  app: FastifyInstance,
  slack: FakeSlack,
  teamId: string,
  auth: Record<string, string>,
) {
  const res = await app.inject({ method: 'GET', url: '/api/slack/auth-url', headers: auth });
  const state = new URL(res.json().data.auth_url).searchParams.get('state')!;
  const cb = await app.inject({
    method: 'GET',
    url: `/api/slack/oauth/callback?code=${slack.issueCode(teamId)}&state=${encodeURIComponent(state)}`,
  });
  expect(cb.headers.location).toBe('/install-success');
}

/** A request as Slack sends it: signed with v0 over the raw body (options forge it for tests). */
export function signedSlackPost(
  app: FastifyInstance,
  slack: FakeSlack,
  url: string,
  type: string,
  body: string,
  opts: { ts?: number; secret?: string; headers?: Record<string, string> } = {},
) {
  const ts = String(opts.ts ?? nowSeconds());
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': type,
      'x-slack-request-timestamp': ts,
      'x-slack-signature': slackSignature(
        opts.secret ?? slack.signingSecret,
        ts,
        Buffer.from(body),
      ),
      ...opts.headers,
    },
    payload: body,
  });
}

/** The slack-event queue is created in the background once the app is ready. */
export const slackEventQueueReady = (db: Db) =>
  until(
    async () =>
      (await sql`SELECT 1 FROM pgboss.queue WHERE name = 'slack-event'`.execute(db)).rows.length ===
      1,
    'the slack-event queue',
  );
