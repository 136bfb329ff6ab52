import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A real, stateful HTTP server on 127.0.0.1 speaking the part of Slack's Web API the product uses,
 * for the official `@slack/web-api` client pointed at it (`SLACK_API_URL = <url>/api/`): POST
 * `/api/<method>` with a form-encoded (or JSON) body and the bot token as `Authorization: Bearer`,
 * answered in Slack's shape (`{ ok: true, … }` / `{ ok: false, error }`, HTTP 200). Methods:
 * `oauth.v2.access`, `conversations.list` (cursor pagination), `conversations.info`,
 * `chat.postMessage`, `team.info`, `users.info`, `files.info`, `reactions.add`, and file downloads
 * (`GET /files/<id>/<name>` with the bot token of the file's team). Also Slack's authorize page
 * (`GET /oauth/v2/authorize?client_id&scope&redirect_uri&state` → 302 to
 * `redirect_uri?code=…&state=…`), so a browser journey can connect. Every call is recorded.
 */

export type FakeSlackChannel = {
  id: string;
  name: string;
  is_private: boolean;
  num_members: number;
  is_member: boolean;
};
export type FakeSlackUser = { id: string; name: string; email?: string; real_name?: string };
export type FakeSlackTeam = {
  id: string;
  name: string;
  botUserId: string;
  channels: FakeSlackChannel[];
  users: FakeSlackUser[];
};
export type FakeSlackFile = {
  id: string;
  team: string;
  name: string;
  title: string;
  mimetype: string;
  data: Buffer;
  /** the size files.info claims (default: the data's length) */
  size?: number;
};
export type FakeSlackCall = {
  method: string;
  /** the bearer token sent, if any */
  token: string | undefined;
  params: Record<string, string>;
  /** what the fake answered: `ok` and `error` */
  ok: boolean;
  error?: string;
};

export type FakeSlack = {
  url: string;
  /** SLACK_API_URL for the app */
  apiUrl: string;
  /** SLACK_OAUTH_URL for the app */
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  signingSecret: string;
  teams: Map<string, FakeSlackTeam>;
  calls: FakeSlackCall[];
  /** messages posted with chat.postMessage (`thread_ts`: the thread replied in, if any) */
  messages: { team: string; channel: string; text: string; ts: string; thread_ts?: string }[];
  /** files shared in the fake's workspaces, by id */
  files: Map<string, FakeSlackFile>;
  /** reactions added with reactions.add */
  reactions: { team: string; channel: string; timestamp: string; name: string }[];
  /** stores a file of `teamId` as if a member uploaded it; files.info and the download serve it */
  addFile(
    teamId: string,
    file: { name: string; data: Buffer; title?: string; mimetype?: string; size?: number },
  ): FakeSlackFile;
  /** adds a workspace; its token is handed out by the next code issued for it */
  addTeam(team: Partial<FakeSlackTeam> & { id: string; name: string }): FakeSlackTeam;
  /** a one-time code `oauth.v2.access` exchanges for `team`'s bot token (a new token each time) */
  issueCode(teamId: string): string;
  /** the current bot token of a team (the last one issued) */
  tokenOf(teamId: string): string | undefined;
  /** revokes every token of a team */
  revoke(teamId: string): void;
  /** the next call of `method` answers `{ ok: false, error }` */
  failNext(method: string, error: string): void;
  /** channels per page of conversations.list (default 100, Slack's own) when the limit asks for more */
  pageSize: number;
  /** the team the authorize page installs (default: the first added) */
  authorizeTeam: string | undefined;
  env(): Record<string, string>;
  close(): Promise<void>;
};

export async function startFakeSlack(): Promise<FakeSlack> {
  const teams = new Map<string, FakeSlackTeam>();
  const tokens = new Map<string, string>(); // token → team id
  const codes = new Map<string, string>(); // code → team id
  const failures = new Map<string, string>();
  const calls: FakeSlackCall[] = [];
  const messages: FakeSlack['messages'] = [];
  const files = new Map<string, FakeSlackFile>();
  const reactions: FakeSlack['reactions'] = [];
  let ts = 1_700_000_000;
  let fileSeq = 0;

  const fake = {} as FakeSlack;
  const clientId = '1111.2222';
  const clientSecret = `secret-${randomBytes(8).toString('hex')}`;
  const signingSecret = `signing-${randomBytes(8).toString('hex')}`;

  const issueToken = (teamId: string) => {
    const token = `xoxb-${teamId}-${randomBytes(8).toString('hex')}`;
    tokens.set(token, teamId);
    return token;
  };

  type Answer = Record<string, unknown>;
  const methods: Record<
    string,
    (params: Record<string, string>, team: FakeSlackTeam | undefined) => Answer
  > = {
    'oauth.v2.access': (p) => {
      if (p.client_id !== clientId || p.client_secret !== clientSecret)
        return { ok: false, error: 'invalid_client_id' };
      const teamId = p.code ? codes.get(p.code) : undefined;
      if (!teamId) return { ok: false, error: 'invalid_code' };
      codes.delete(p.code!);
      const team = teams.get(teamId)!;
      return {
        ok: true,
        app_id: 'A0FAKEAPP',
        authed_user: { id: 'U0INSTALLER' },
        scope: p.scope ?? 'channels:read,chat:write',
        token_type: 'bot',
        access_token: issueToken(teamId),
        bot_user_id: team.botUserId,
        team: { id: team.id, name: team.name },
        enterprise: null,
        is_enterprise_install: false,
      };
    },
    'conversations.list': (p, team) => {
      const types = (p.types ?? 'public_channel').split(',');
      const all = team!.channels.filter((c) =>
        types.includes(c.is_private ? 'private_channel' : 'public_channel'),
      );
      const limit = Math.min(Number(p.limit ?? 100) || 100, fake.pageSize);
      const start = p.cursor ? Number(Buffer.from(p.cursor, 'base64').toString().slice(3)) : 0;
      if (!Number.isInteger(start) || start < 0) return { ok: false, error: 'invalid_cursor' };
      const page = all.slice(start, start + limit);
      const next =
        start + limit < all.length ? Buffer.from(`id:${start + limit}`).toString('base64') : '';
      return {
        ok: true,
        channels: page.map((c) => ({
          ...c,
          is_channel: !c.is_private,
          is_group: c.is_private,
          is_archived: false,
        })),
        response_metadata: { next_cursor: next },
      };
    },
    'conversations.info': (p, team) => {
      const c = team!.channels.find((x) => x.id === p.channel);
      return c ? { ok: true, channel: { ...c } } : { ok: false, error: 'channel_not_found' };
    },
    'chat.postMessage': (p, team) => {
      const c = team!.channels.find((x) => x.id === p.channel);
      if (!c) return { ok: false, error: 'channel_not_found' };
      if (!c.is_member) return { ok: false, error: 'not_in_channel' };
      ts += 1;
      const message = {
        team: team!.id,
        channel: c.id,
        text: p.text ?? '',
        ts: `${ts}.000100`,
        ...(p.thread_ts ? { thread_ts: p.thread_ts } : {}),
      };
      messages.push(message);
      return {
        ok: true,
        channel: c.id,
        ts: message.ts,
        message: { text: message.text, ts: message.ts },
      };
    },
    'files.info': (p, team) => {
      const f = p.file ? files.get(p.file) : undefined;
      if (!f || f.team !== team!.id) return { ok: false, error: 'file_not_found' };
      const download = `${fake.url}/files/${f.id}/${encodeURIComponent(f.name)}`;
      return {
        ok: true,
        file: {
          id: f.id,
          name: f.name,
          title: f.title,
          mimetype: f.mimetype,
          size: f.size ?? f.data.length,
          url_private: download,
          url_private_download: download,
        },
      };
    },
    'reactions.add': (p, team) => {
      const c = team!.channels.find((x) => x.id === p.channel);
      if (!c) return { ok: false, error: 'channel_not_found' };
      if (!p.timestamp || !p.name) return { ok: false, error: 'invalid_arguments' };
      const reaction = { team: team!.id, channel: c.id, timestamp: p.timestamp, name: p.name };
      if (reactions.some((r) => JSON.stringify(r) === JSON.stringify(reaction)))
        return { ok: false, error: 'already_reacted' };
      reactions.push(reaction);
      return { ok: true };
    },
    'team.info': (_p, team) => ({
      ok: true,
      team: {
        id: team!.id,
        name: team!.name,
        domain: team!.name.toLowerCase().replace(/\W+/g, '-'),
      },
    }),
    'users.info': (p, team) => {
      const u = team!.users.find((x) => x.id === p.user);
      if (!u) return { ok: false, error: 'user_not_found' };
      return {
        ok: true,
        user: {
          id: u.id,
          team_id: team!.id,
          name: u.name,
          real_name: u.real_name ?? u.name,
          profile: { email: u.email, real_name: u.real_name ?? u.name },
        },
      };
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/oauth/v2/authorize') {
        const redirect = url.searchParams.get('redirect_uri');
        const state = url.searchParams.get('state') ?? '';
        const teamId = fake.authorizeTeam ?? [...teams.keys()][0];
        if (!redirect || url.searchParams.get('client_id') !== clientId || !teamId)
          return send(400, { ok: false, error: 'bad_redirect_uri' });
        const back = new URL(redirect);
        back.searchParams.set('code', fake.issueCode(teamId));
        back.searchParams.set('state', state);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      const download = /^\/files\/([A-Z0-9]+)\/[^/]+$/.exec(url.pathname);
      if (req.method === 'GET' && download) {
        const auth = String(req.headers.authorization ?? '');
        const team = tokens.get(auth.startsWith('Bearer ') ? auth.slice(7) : '');
        const f = files.get(download[1]!);
        calls.push({
          method: 'files.download',
          token: auth.slice(7) || undefined,
          params: { file: download[1]! },
          ok: Boolean(f && team === f.team),
        });
        // Slack answers a download without the right token with its sign-in page
        if (!f || team !== f.team) {
          res.writeHead(302, { location: `${url.origin}/signin` });
          return res.end();
        }
        res.writeHead(200, {
          'content-type': f.mimetype,
          'content-length': String(f.data.length),
        });
        return res.end(f.data);
      }
      const match = /^\/api\/([a-zA-Z.0-9]+)$/.exec(url.pathname);
      if (req.method !== 'POST' || !match) return send(404, { ok: false, error: 'unknown_method' });
      const method = match[1]!;
      const raw = Buffer.concat(chunks).toString('utf8');
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      const type = String(req.headers['content-type'] ?? '');
      if (type.includes('application/json') && raw) {
        for (const [k, v] of Object.entries(JSON.parse(raw) as Record<string, unknown>))
          params[k] = typeof v === 'string' ? v : JSON.stringify(v);
      } else Object.assign(params, Object.fromEntries(new URLSearchParams(raw)));
      const auth = String(req.headers.authorization ?? '');
      const token = auth.startsWith('Bearer ') ? auth.slice(7) : params.token;
      const record = (answer: Answer) => {
        calls.push({
          method,
          token,
          params,
          ok: answer.ok === true,
          ...(answer.ok === true ? {} : { error: String(answer.error) }),
        });
        send(200, answer);
      };
      const handler = methods[method];
      if (!handler) return record({ ok: false, error: 'unknown_method' });
      const failure = failures.get(method);
      if (failure) {
        failures.delete(method);
        return record({ ok: false, error: failure });
      }
      if (method === 'oauth.v2.access') return record(handler(params, undefined));
      if (!token) return record({ ok: false, error: 'not_authed' });
      const teamId = tokens.get(token);
      if (!teamId) return record({ ok: false, error: 'invalid_auth' });
      return record(handler(params, teams.get(teamId)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  Object.assign(fake, {
    url,
    apiUrl: `${url}/api/`,
    oauthUrl: `${url}/oauth/v2/authorize`,
    clientId,
    clientSecret,
    signingSecret,
    teams,
    calls,
    messages,
    files,
    reactions,
    pageSize: 100,
    authorizeTeam: undefined,
    addTeam(team: Partial<FakeSlackTeam> & { id: string; name: string }) {
      const full: FakeSlackTeam = {
        botUserId: `U0BOT${team.id}`,
        channels: [],
        users: [],
        ...team,
      };
      teams.set(full.id, full);
      return full;
    },
    addFile(
      teamId: string,
      file: { name: string; data: Buffer; title?: string; mimetype?: string; size?: number },
    ) {
      fileSeq += 1;
      const stored: FakeSlackFile = {
        id: `F0FAKE${String(fileSeq).padStart(4, '0')}`,
        team: teamId,
        name: file.name,
        title: file.title ?? file.name,
        mimetype: file.mimetype ?? 'application/octet-stream',
        data: file.data,
        ...(file.size !== undefined ? { size: file.size } : {}),
      };
      files.set(stored.id, stored);
      return stored;
    },
    issueCode(teamId: string) {
      if (!teams.has(teamId)) throw new Error(`no fake team ${teamId}`);
      const code = `code-${randomBytes(8).toString('hex')}`;
      codes.set(code, teamId);
      return code;
    },
    tokenOf(teamId: string) {
      return [...tokens]
        .filter(([, t]) => t === teamId)
        .map(([token]) => token)
        .pop();
    },
    revoke(teamId: string) {
      for (const [token, t] of tokens) if (t === teamId) tokens.delete(token);
    },
    failNext(method: string, error: string) {
      failures.set(method, error);
    },
    env: () => ({
      SLACK_CLIENT_ID: clientId,
      SLACK_CLIENT_SECRET: clientSecret,
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: `${url}/api/`,
      SLACK_OAUTH_URL: `${url}/oauth/v2/authorize`,
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  });
  return fake;
}
