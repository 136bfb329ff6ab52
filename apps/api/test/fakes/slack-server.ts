import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { startFakeSlack, type FakeSlackTeam } from './slack.ts';

/**
 * The fake Slack (./slack.ts) as a process, for the browser journeys, which may not import API
 * test code: `node --import tsx apps/api/test/fakes/slack-server.ts`. Besides the fake, a control
 * server on 127.0.0.1 (JSON in and out):
 *
 * - `POST /teams` — a workspace (`addTeam`'s fields); `authorize: true` makes the authorize page
 *   install it (one team at a time for the whole process: journeys that connect run one by one)
 * - `POST /files` — `{ team, name, data_base64, title?, mimetype? }` → `{ id }`
 * - `POST /events` — `{ events_url, payload }`: the payload's JSON, signed as Slack signs (v0),
 *   POSTed to `events_url` → `{ status, body }`
 * - `GET /state` — `{ messages, reactions, calls }`
 *
 * Once both listen it prints one line, `{"env": {SLACK_*}, "control": "http://127.0.0.1:PORT"}`;
 * SIGTERM or SIGINT closes both.
 */
const fake = await startFakeSlack();

async function signedPost(url: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac('sha256', fake.signingSecret).update(`v0:${ts}:${body}`).digest('hex')}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': ts,
      'x-slack-signature': signature,
    },
    body,
  });
  return { status: res.status, body: await res.text() };
}

type Handler = (body: Record<string, unknown>) => unknown;
const routes: Record<string, Handler> = {
  'POST /teams': (body) => {
    const { authorize, ...team } = body as Partial<FakeSlackTeam> & {
      id: string;
      name: string;
      authorize?: boolean;
    };
    if (typeof team.id !== 'string' || typeof team.name !== 'string')
      throw new Error('a team needs an id and a name');
    const added = fake.addTeam(team);
    if (authorize) fake.authorizeTeam = added.id;
    return added;
  },
  'POST /files': (body) => {
    const { team, name, data_base64, title, mimetype } = body as Record<string, string>;
    if (!team || !fake.teams.has(team)) throw new Error(`no fake team ${team}`);
    if (!name || typeof data_base64 !== 'string') throw new Error('a file needs name and data');
    const file = fake.addFile(team, {
      name,
      data: Buffer.from(data_base64, 'base64'),
      ...(title ? { title } : {}),
      ...(mimetype ? { mimetype } : {}),
    });
    return { id: file.id };
  },
  'POST /events': (body) => signedPost(String(body.events_url), body.payload),
  'GET /state': () => ({ messages: fake.messages, reactions: fake.reactions, calls: fake.calls }),
};

const control = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const route = routes[`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`];
    if (!route) return send(404, { error: 'no such control route' });
    try {
      const raw = Buffer.concat(chunks).toString('utf8');
      send(200, await route(raw ? (JSON.parse(raw) as Record<string, unknown>) : {}));
    } catch (error) {
      send(400, { error: error instanceof Error ? error.message : String(error) });
    }
  });
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const { port } = control.address() as AddressInfo;
process.stdout.write(
  `${JSON.stringify({ env: fake.env(), control: `http://127.0.0.1:${port}` })}\n`,
);

const stop = async () => {
  control.closeAllConnections();
  await new Promise<void>((resolve) => control.close(() => resolve()));
  await fake.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
