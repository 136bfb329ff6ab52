import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_MESSAGES } from '@app/contracts';
import { createLogger } from '../../logger.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { subscribedTeacher } from '../../../test/factories.ts';
import { startFakeSlack, type FakeSlack } from '../../../test/fakes/slack.ts';
import { INSTALL_MESSAGES } from './slack.service.ts';

/**
 * Slack's OAuth redirect: whatever comes back, the browser is sent to the Integrations
 * page (with the reason) or to the success page, never shown JSON; and the code and state it
 * carries are secrets the log never holds.
 */

/** The server's own logger (its redaction and serializers) writing to memory, at info. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { logger: createLogger({ logLevel: 'info' }, stream), text: () => lines.join('') };
}

const errorOf = (location: string | undefined) => {
  expect(location).toMatch(/^\/integrations\?error=/);
  return new URL(location!, 'http://app.test').searchParams.get('error');
};

describe('the OAuth callback', () => {
  let slack: FakeSlack;
  let t: TestApp;
  let log: ReturnType<typeof capturedLog>;
  beforeAll(async () => {
    slack = await startFakeSlack();
    log = capturedLog();
    t = await createTestApp(slack.env(), { logger: log.logger });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  const callback = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/slack/oauth/callback${query}` });

  it('redirects every bad callback to the Integrations page with the reason, never JSON', async () => {
    const long = (n: number) => 'x'.repeat(n);
    for (const query of [
      '',
      '?code=abc',
      '?code=abc&state=forged',
      `?code=abc&state=${long(2_001)}`,
      `?code=abc&state=${long(20_000)}`,
      `?code=${long(1_001)}&state=abc`,
      `?error=${long(201)}&state=abc`,
      '?code=abc&state=a&state=b',
      '?code=a&code=b&state=abc',
      '?code=abc&state=a%00b',
      '?code=abc&state=%zz',
      '?state=&code=',
    ]) {
      const res = await callback(query);
      expect(res.statusCode, query.slice(0, 80)).toBe(302);
      expect(errorOf(res.headers.location), query.slice(0, 80)).toBe(INSTALL_MESSAGES.badState);
    }
  });

  it('still installs from a good callback, and neither its code nor its state is logged', async () => {
    const teacher = await subscribedTeacher(t.app);
    slack.addTeam({ id: 'T0LOG', name: 'Logs', channels: [], users: [] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/slack/auth-url',
      headers: teacher.auth,
    });
    const state = new URL(res.json().data.auth_url).searchParams.get('state')!;
    const code = slack.issueCode('T0LOG');
    const cb = await callback(`?code=${code}&state=${encodeURIComponent(state)}`);
    expect(cb.headers.location).toBe('/install-success');
    // a refused one too: its code and state are as secret
    const refused = await callback(`?code=${code}-again&state=${encodeURIComponent(state)}`);
    expect(errorOf(refused.headers.location)).toBe(INSTALL_MESSAGES.badState);

    const text = log.text();
    expect(text).toContain('/api/slack/oauth/callback?code=[redacted]&state=[redacted]');
    expect(text).not.toContain(code);
    expect(text).not.toContain(state);
    expect(text).not.toContain(encodeURIComponent(state));
  });
});

describe('the OAuth callback without Slack configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  it('redirects with the configuration message, and a bad query with its reason', async () => {
    const url = '/api/slack/oauth/callback';
    const res = await t.app.inject({ method: 'GET', url: `${url}?code=abc&state=abc` });
    expect(res.statusCode).toBe(302);
    expect(errorOf(res.headers.location)).toBe(SLACK_MESSAGES.notConfigured);
    const long = await t.app.inject({ method: 'GET', url: `${url}?state=${'x'.repeat(5_000)}` });
    expect(long.statusCode).toBe(302);
    expect(errorOf(long.headers.location)).toBe(INSTALL_MESSAGES.badState);
  });
});
