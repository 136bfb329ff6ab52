/**
 * Context recall of the LLM answerer (LLM_PROVIDER=openai): for every answerable question, does
 * what the API sends the model contain the expected answer?
 *
 *   node --import tsx scripts/eval-recall.ts ../shared/eval/dev.json [more.json…]
 *        [--context-chars 10000]
 *
 * It starts a loopback OpenAI-compatible chat-completions server on 127.0.0.1 that records every
 * request and answers with a short completion, then the real API pointed at it (fresh DATA_DIR),
 * sets up each course as `npm run eval` does and asks every answerable question through the
 * public API, one at a time. A question is recalled when the normalised form of one of its
 * answers occurs, as a whole, in the material the model was sent for it (the system message's
 * data blocks: not the fixed rules, not the student's own question). Exits 0 whenever the run
 * completed; 1 on an infrastructure failure.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { charLength, containsWhole, normalise, tally, type Tally } from './eval-score.ts';
import { loadDataset, setUpCourse, type DatasetCourse } from './eval.ts';
import { describeReply, fail, postJson } from './lib/api.ts';
import { runCommand } from './lib/cli.ts';
import { startServer } from './lib/server.ts';

// ---------------------------------------------------------------------------------------------
// Types

export type ChatMessage = { role: string; content: string };

export type RecallOptions = {
  /** paths of data sets (dev.json…); document paths are relative to each one's folder */
  datasets: string[];
  log: (line: string) => void;
  /** LLM_CONTEXT_CHARS for the server; its default when unset */
  contextChars?: number;
};

export type RecallQuestion = {
  dataset: string;
  course: string;
  id: string;
  question: string;
  expected: string[];
  recalled: boolean;
  /** characters of every message sent to the model for it; 0 when the model was not called */
  promptChars: number;
  /** model calls the question caused (0: the API answered without the model) */
  calls: number;
};

export type PromptStats = { mean: number; median: number; max: number };
export type CourseRecall = Tally & { id: string };
export type DatasetRecall = {
  dataset: string;
  recall: Tally;
  courses: CourseRecall[];
  prompt: PromptStats;
};
export type RecallResult = {
  recall: Tally;
  prompt: PromptStats;
  datasets: DatasetRecall[];
  questions: RecallQuestion[];
};

// ---------------------------------------------------------------------------------------------
// The recall check (pure)

/** Where the class material starts in a system message: the rules before it are ours. */
const DATA_START = /<(facts|passages)>/;

function unescapeData(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * The class material in one request: the system messages from their first data block on, with
 * the prompt's markup escapes undone (the model reads `&amp;` as `&`). The user message is the
 * student's question and does not count.
 */
export function contextOf(messages: ChatMessage[]): string {
  return messages
    .filter((m) => m.role === 'system')
    .map((m) => {
      const start = m.content.search(DATA_START);
      return unescapeData(start >= 0 ? m.content.slice(start) : m.content);
    })
    .join('\n');
}

/** Whether one of the answers occurs as a whole in the context, both normalised as scored. */
export function isRecalled(answers: string[], context: string): boolean {
  const haystack = normalise(context);
  return answers.some((a) => containsWhole(haystack, normalise(a)));
}

/** Characters (code points) of every message of the requests. */
export function promptChars(requests: ChatMessage[][]): number {
  return requests.flat().reduce((sum, m) => sum + charLength(m.content), 0);
}

export function promptStats(sizes: number[]): PromptStats {
  if (sizes.length === 0) return { mean: 0, median: 0, max: 0 };
  const sorted = [...sizes].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
  return { mean: Math.round(mean), median: Math.round(median), max: sorted.at(-1)! };
}

const recalledTally = (questions: RecallQuestion[]) =>
  tally(questions.map((q) => ({ correct: q.recalled })));

/** Sizes of the prompts actually sent (questions the model never saw have no prompt). */
const sentSizes = (questions: RecallQuestion[]) =>
  questions.filter((q) => q.calls > 0).map((q) => q.promptChars);

export function summarise(questions: RecallQuestion[]): RecallResult {
  const datasets = [...new Set(questions.map((q) => q.dataset))].map((dataset) => {
    const inSet = questions.filter((q) => q.dataset === dataset);
    const courses = [...new Set(inSet.map((q) => q.course))].map((id) => ({
      id,
      ...recalledTally(inSet.filter((q) => q.course === id)),
    }));
    return {
      dataset,
      recall: recalledTally(inSet),
      courses,
      prompt: promptStats(sentSizes(inSet)),
    };
  });
  return {
    recall: recalledTally(questions),
    prompt: promptStats(sentSizes(questions)),
    datasets,
    questions,
  };
}

// ---------------------------------------------------------------------------------------------
// The loopback model

type RecordingModel = { url: string; requests: ChatMessage[][]; close: () => Promise<void> };

const COMPLETION = {
  id: 'chatcmpl-recall',
  object: 'chat.completion',
  created: 0,
  model: 'recall',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Recorded [1].' },
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};

function messagesIn(body: string): ChatMessage[] {
  try {
    const parsed = JSON.parse(body) as { messages?: unknown };
    if (!Array.isArray(parsed.messages)) return [];
    return parsed.messages.map((m: { role?: unknown; content?: unknown }) => ({
      role: String(m.role),
      content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
    }));
  } catch {
    return [];
  }
}

/** An OpenAI-compatible `POST /v1/chat/completions` on 127.0.0.1 that records each request. */
export async function startRecordingModel(): Promise<RecordingModel> {
  const requests: ChatMessage[][] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const isChat = req.method === 'POST' && req.url?.split('?')[0] === '/v1/chat/completions';
      if (isChat) requests.push(messagesIn(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(isChat ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(isChat ? COMPLETION : { error: { message: 'not found' } }));
    });
  });
  await new Promise<void>((ok, error) => server.once('error', error).listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

// ---------------------------------------------------------------------------------------------
// Run

async function ask(baseUrl: string, chatUuid: string, question: string): Promise<void> {
  const reply = await postJson(`${baseUrl}/api/chat/ask/${chatUuid}`, {
    question,
    student_identifier: null,
  });
  if (reply.status !== 200) fail(`POST /api/chat/ask answered ${describeReply(reply)}`);
}

async function recallOfCourse(
  ctx: { baseUrl: string; model: RecordingModel; dataset: string; email: string },
  course: DatasetCourse,
): Promise<RecallQuestion[]> {
  const ready = await setUpCourse(ctx.baseUrl, course, ctx.email, dirname(resolve(ctx.dataset)));
  for (const u of ready.uploads.filter((x) => !x.ok))
    fail(`${course.id}: upload of ${u.file} failed: ${u.error}`);
  const results: RecallQuestion[] = [];
  for (const q of course.questions.filter((x) => x.answerable)) {
    const before = ctx.model.requests.length;
    await ask(ctx.baseUrl, ready.chatUuid, q.question);
    const sent = ctx.model.requests.slice(before);
    const expected = q.answers ?? [];
    results.push({
      dataset: ctx.dataset,
      course: course.id,
      id: q.id,
      question: q.question,
      expected,
      recalled: sent.some((messages) => isRecalled(expected, contextOf(messages))),
      promptChars: promptChars(sent),
      calls: sent.length,
    });
  }
  return results;
}

async function recallOfDataset(
  options: RecallOptions & { env: Record<string, string>; model: RecordingModel },
  dataset: string,
): Promise<RecallQuestion[]> {
  const { log, model } = options;
  // a fresh server per data set, as `npm run eval` runs one: sign-ups are rate-limited per address
  const server = await startServer({ name: 'eval-recall', log, env: options.env });
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  try {
    const questions: RecallQuestion[] = [];
    for (const [i, course] of loadDataset(dataset).courses.entries()) {
      // one teacher per course: a teacher has 3 classes per season before add-ons
      const email = `recall-${runId}-${i + 1}@example.com`;
      const found = await recallOfCourse(
        { baseUrl: server.baseUrl, model, dataset, email },
        course,
      );
      log(`${course.id}: recall ${formatShare(recalledTally(found))}`);
      questions.push(...found);
    }
    return questions;
  } finally {
    await server.stop();
  }
}

/** Sets up every course of the data sets on a fresh API and measures its context recall. */
export async function runRecall(options: RecallOptions): Promise<RecallResult> {
  const model = await startRecordingModel();
  const env: Record<string, string> = {
    LLM_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.url,
    OPENAI_API_KEY: 'test',
    LLM_MODEL: 'recall',
  };
  if (options.contextChars !== undefined) env.LLM_CONTEXT_CHARS = String(options.contextChars);
  try {
    const questions: RecallQuestion[] = [];
    for (const dataset of options.datasets)
      questions.push(...(await recallOfDataset({ ...options, env, model }, dataset)));
    return summarise(questions);
  } finally {
    await model.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Summary

const formatShare = (t: Tally) => `${t.correct}/${t.total} (${t.percent.toFixed(1)}%)`;
const formatPrompt = (p: PromptStats) =>
  `prompt chars mean ${p.mean}, median ${p.median}, max ${p.max}`;

function formatDataset(d: DatasetRecall): string[] {
  const width = Math.max(...d.courses.map((c) => c.id.length));
  return [
    `${d.dataset}: recall ${formatShare(d.recall)}; ${formatPrompt(d.prompt)}`,
    ...d.courses.map((c) => `  ${c.id.padEnd(width)}  ${formatShare(c)}`),
  ];
}

function formatMiss(q: RecallQuestion): string[] {
  const why = q.calls === 0 ? '  (the model was not called)' : '';
  return [
    `- [${q.course}] ${q.question}${why}`,
    `    expected: ${q.expected.map((a) => JSON.stringify(a)).join(' | ')}`,
  ];
}

export function formatRecall(result: RecallResult): string {
  const misses = result.questions.filter((q) => !q.recalled);
  return [
    `Context recall  ${formatShare(result.recall)}; ${formatPrompt(result.prompt)}`,
    '',
    ...result.datasets.flatMap((d) => [...formatDataset(d), '']),
    `Misses (${misses.length})`,
    ...misses.flatMap(formatMiss),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Command line

const USAGE =
  'usage: node --import tsx scripts/eval-recall.ts <dataset.json>… [--context-chars 10000]';

function parseCommandLine(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'context-chars': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const chars = values['context-chars'];
  if (values.help || positionals.length === 0) return undefined;
  if (chars !== undefined && !/^\d+$/.test(chars)) return undefined;
  return { datasets: positionals, contextChars: chars === undefined ? undefined : Number(chars) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await runCommand({
    name: 'eval-recall',
    usage: USAGE,
    parse: parseCommandLine,
    run: async (args) => {
      const result = await runRecall({ ...args, log: (line) => console.error(line) });
      console.log(formatRecall(result));
    },
  });
}
