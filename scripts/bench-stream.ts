// `npm run bench:stream`: how soon a student sees the first words of an LLM answer, streamed
// (POST /api/chat/ask/{chat_uuid}/stream) and not (POST /api/chat/ask/{chat_uuid}), against the
// loopback LLM writing at a steady pace. Prints p50/p95 and writes JSON to bench-results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeOpenAi } from '../apps/api/test/fakes/openai.ts';
import { runCommand } from './lib/cli.ts';
import { setUpBenchClass, STUDENT_QUESTIONS } from './lib/bench-course.ts';
import { percentile } from './lib/load.ts';
import { startServer } from './lib/server.ts';

const USAGE =
  'usage: npm run bench:stream -- [--questions 20] [--pieces 40] [--piece-ms 25] [--out file.json]';

type Args = { questions: number; pieces: number; pieceMs: number; out: string };

/** A reply of `pieces` words citing the first passage, as a model would write it. */
const replyOf = (pieces: number) =>
  `${Array.from({ length: pieces - 1 }, (_, i) => `word${i}`).join(' ')} [1].`;

function parse(argv: string[]): Args | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      questions: { type: 'string', default: '20' },
      pieces: { type: 'string', default: '40' },
      'piece-ms': { type: 'string', default: '25' },
      out: { type: 'string' },
    },
  });
  const n = (v: string | undefined) => (/^\d+$/.test(v ?? '') ? Number(v) : NaN);
  const args = {
    questions: n(values.questions),
    pieces: n(values.pieces),
    pieceMs: n(values['piece-ms']),
    out: resolve(
      values.out ??
        `bench-results/bench-stream-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    ),
  };
  if (!(args.questions > 0 && args.pieces > 1 && args.pieceMs >= 0)) return undefined;
  return args;
}

/** Milliseconds to the first `delta` event and to the end of the reply. */
async function timeStreamed(url: string, question: string) {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
  let first: number | undefined;
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    text += decoder.decode(chunk, { stream: true });
    if (first === undefined && text.includes('event: delta')) first = performance.now() - started;
  }
  if (!text.includes('event: done')) throw new Error('the stream ended without its answer');
  const total = performance.now() - started;
  return { first: first ?? total, total };
}

async function timeWhole(url: string, question: string) {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  await res.text();
  if (res.status !== 200) throw new Error(`ask answered ${res.status}`);
  return performance.now() - started;
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

async function run(args: Args) {
  const log = (line: string) => console.error(line);
  const llm = await startFakeOpenAi('sk-bench');
  llm.defaultReply = {
    content: replyOf(args.pieces),
    pieceDelayMs: args.pieceMs,
    usage: { prompt_tokens: 900, completion_tokens: args.pieces, total_tokens: 900 + args.pieces },
  };
  // a model answering whole takes as long as one writing piece by piece
  const wholeDelayMs = args.pieceMs * (args.pieces - 1);
  const server = await startServer({
    name: 'bench-stream',
    log,
    env: {
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: llm.url,
      OPENAI_API_KEY: 'sk-bench',
      LLM_TIMEOUT_MS: '60000',
      LLM_DAILY_TOKEN_BUDGET_PER_CLASS: '1000000000',
    },
  });
  try {
    log('setting up the class…');
    const cls = await setUpBenchClass(server.baseUrl, 20);
    const ask = `${server.baseUrl}/api/chat/ask/${cls.chatUuid}`;
    const firsts: number[] = [];
    const totals: number[] = [];
    const wholes: number[] = [];
    for (let i = 0; i < args.questions; i++) {
      const question = STUDENT_QUESTIONS[i % STUDENT_QUESTIONS.length]!;
      const streamed = await timeStreamed(`${ask}/stream`, question);
      firsts.push(streamed.first);
      totals.push(streamed.total);
      llm.reply({ ...llm.defaultReply, pieceDelayMs: 0, delayMs: wholeDelayMs });
      wholes.push(await timeWhole(ask, question));
    }
    const calls = llm.requests.length;
    const rows = [
      ['streamed: first words', summary(firsts)],
      ['streamed: whole answer', summary(totals)],
      ['not streamed: answer', summary(wholes)],
    ] as const;
    const table = [
      `${'measure'.padEnd(24)}  p50 ms  p95 ms`,
      ...rows.map(
        ([name, s]) =>
          `${name.padEnd(24)}  ${s.p50.toFixed(0).padStart(6)}  ${s.p95.toFixed(0).padStart(6)}`,
      ),
    ].join('\n');
    console.log(
      `bench:stream — ${args.questions} questions, the loopback LLM writing ${args.pieces} pieces ${args.pieceMs} ms apart (${calls} LLM calls), ${availableParallelism()} cores, Node ${process.version}\n`,
    );
    console.log(table);
    mkdirSync(dirname(args.out), { recursive: true });
    writeFileSync(
      args.out,
      `${JSON.stringify({ args, rows: Object.fromEntries(rows), llm_calls: calls }, null, 2)}\n`,
    );
    console.log(`\nResults: ${args.out}`);
  } finally {
    await server.stop();
    await llm.close();
  }
}

process.exitCode = await runCommand({ name: 'bench:stream', usage: USAGE, parse, run });
