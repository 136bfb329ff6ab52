import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatMessage = { role: string; content: string };
export type FakeChatRequest = {
  path: string;
  authorization: string | undefined;
  /** the parsed JSON body, as the client sent it */
  body: Record<string, unknown> & { messages?: ChatMessage[] };
  status?: number;
};
export type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };
export type ScriptedReply = {
  /** the assistant's text; null sends a message without content */
  content?: string | null;
  /** null leaves usage out of the reply */
  usage?: Usage | null;
  /** non-2xx sends an OpenAI-shaped error instead */
  status?: number;
  /** wait this long before answering */
  delayMs?: number;
  /** send this JSON body as is (a malformed reply) */
  raw?: unknown;
  /** streamed (`stream: true`): the pieces the content is sent in (default: word by word) */
  pieces?: string[];
  /** streamed: wait this long before each piece after the first */
  pieceDelayMs?: number;
  /** streamed: drop the connection after this many pieces */
  breakAfterPieces?: number;
  /** streamed: send the first piece, then wait for this before the rest */
  holdAfterFirstPiece?: Promise<void>;
};

export type FakeOpenAi = {
  /** base URL for the client, ending in /v1 */
  url: string;
  requests: FakeChatRequest[];
  /** queue replies for the next requests; once used up, `defaultReply` answers */
  reply(...replies: ScriptedReply[]): void;
  defaultReply: ScriptedReply;
  /** the only API key accepted (others get 401) */
  apiKey: string;
  close(): Promise<void>;
};

const DEFAULT_REPLY: ScriptedReply = {
  content: 'The answer is in the material [1].',
  usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 },
};

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

/**
 * A real HTTP server on 127.0.0.1 that speaks `POST /v1/chat/completions` of the OpenAI API, for
 * the official `openai` client pointed at it with `baseURL`. It records every request and answers
 * with scripted replies: text, usage, an error status or a delay; with `stream: true`, as the API
 * streams (Server-Sent Events of `chat.completion.chunk`, usage last when
 * `stream_options.include_usage`, then `data: [DONE]`).
 */
export async function startFakeOpenAi(apiKey = 'sk-test'): Promise<FakeOpenAi> {
  const requests: FakeChatRequest[] = [];
  const queue: ScriptedReply[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let completions = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let parsed: FakeChatRequest['body'] = {};
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as typeof parsed;
      } catch {
        parsed = {};
      }
      const record: FakeChatRequest = {
        path: (req.url ?? '/').split('?')[0]!,
        authorization: req.headers.authorization,
        body: parsed,
      };
      requests.push(record);
      const send = (status: number, body: unknown) => {
        record.status = status;
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };

      if (req.method !== 'POST' || record.path !== '/v1/chat/completions')
        return send(
          404,
          errorBody(`Unknown request URL: ${record.path}`, 'invalid_request_error', 'unknown_url'),
        );
      if (req.headers.authorization !== `Bearer ${fake.apiKey}`)
        return send(
          401,
          errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
        );
      if (typeof parsed.model !== 'string' || !Array.isArray(parsed.messages))
        return send(
          400,
          errorBody("'model' and 'messages' are required.", 'invalid_request_error', null),
        );

      const script = queue.shift() ?? fake.defaultReply;
      const answer = () => {
        const status = script.status ?? 200;
        if (script.raw !== undefined) return send(status, script.raw);
        if (status >= 400)
          return send(status, errorBody(`Injected failure (${status}).`, 'server_error', null));
        completions += 1;
        if (parsed.stream === true) return streamAnswer(script);
        send(200, {
          id: `chatcmpl-fake${completions}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: parsed.model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: script.content === undefined ? DEFAULT_REPLY.content : script.content,
                refusal: null,
              },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          ...(script.usage === null ? {} : { usage: script.usage ?? DEFAULT_REPLY.usage }),
        });
      };
      const streamAnswer = (reply: ScriptedReply) => {
        record.status = 200;
        const content = (reply.content === undefined ? DEFAULT_REPLY.content : reply.content) ?? '';
        const pieces = reply.pieces ?? content.match(/\S+\s*|\s+/g) ?? [];
        const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
          `data: ${JSON.stringify({
            id: `chatcmpl-fake${completions}`,
            object: 'chat.completion.chunk',
            created: Math.floor(Date.now() / 1000),
            model: parsed.model,
            choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
            ...extra,
          })}\n\n`;
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk({ role: 'assistant', content: '' }));
        let sent = 0;
        const next = () => {
          if (res.destroyed) return;
          if (reply.breakAfterPieces !== undefined && sent >= reply.breakAfterPieces) {
            // once what was written has left, so that the client reads it before the break
            res.write('', () => res.destroy());
            return;
          }
          if (sent < pieces.length) {
            res.write(chunk({ content: pieces[sent]! }));
            sent += 1;
            if (sent === 1 && reply.holdAfterFirstPiece) {
              void reply.holdAfterFirstPiece.then(next);
              return;
            }
            if (!reply.pieceDelayMs) return next();
            const timer = setTimeout(() => {
              timers.delete(timer);
              next();
            }, reply.pieceDelayMs);
            timers.add(timer);
            return;
          }
          const options = parsed.stream_options as { include_usage?: boolean } | undefined;
          if (options?.include_usage && reply.usage !== null)
            res.write(
              `data: ${JSON.stringify({
                id: `chatcmpl-fake${completions}`,
                object: 'chat.completion.chunk',
                created: Math.floor(Date.now() / 1000),
                model: parsed.model,
                choices: [],
                usage: reply.usage ?? DEFAULT_REPLY.usage,
              })}\n\n`,
            );
          res.end('data: [DONE]\n\n');
        };
        next();
      };
      if (!script.delayMs) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, script.delayMs);
      timers.add(timer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeOpenAi = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => void queue.push(...replies),
    defaultReply: DEFAULT_REPLY,
    apiKey,
    close() {
      for (const t of timers) clearTimeout(t);
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
  return fake;
}
