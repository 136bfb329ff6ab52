/**
 * Answer-quality evaluation through the public API, as a black box (../shared/eval/README.md).
 *
 *   node --import tsx scripts/eval.ts ../shared/eval/dev.json [--report eval-report.json]
 *        [--base-url http://127.0.0.1:3000] [--concurrency 1]
 *
 * Without --base-url it starts the API itself on a free 127.0.0.1 port with a fresh temporary
 * DATA_DIR (embedded PostgreSQL) and removes both at the end. Per course it signs up a teacher,
 * starts the demo trial, creates the class, uploads the documents, then asks every question as
 * an anonymous student and scores the replies (scripts/eval-score.ts). Exits 0 whenever the run
 * completed, whatever the accuracy; 1 on an infrastructure failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  formatTally,
  scoreQuestion,
  tally,
  type EvalQuestion,
  type EvalReply,
  type MissReason,
  type Tally,
} from './eval-score.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'Eval-Runner-Pass-2026';
const DEMO_CARD = 'pm_local_visa_4242';
const SEMESTERS = ['Spring', 'Summer', 'Fall', 'Winter'] as const;
const ASK_TIMEOUT_MS = 120_000;
const UPLOAD_TIMEOUT_MS = 300_000;
const REQUEST_TIMEOUT_MS = 60_000;
const SERVER_START_TIMEOUT_MS = 180_000;
const SERVER_STOP_TIMEOUT_MS = 30_000;
/** 429 handling: retries per request, and the longest Retry-After worth waiting for */
const RATE_LIMIT_RETRIES = 5;
const MAX_RETRY_AFTER_S = 120;

// ---------------------------------------------------------------------------------------------
// Types

type Semester = (typeof SEMESTERS)[number];

type DatasetDocument = { file: string; content_type: string; title: string };
type DatasetCourse = {
  id: string;
  class: Record<string, unknown> & { class_name: string };
  documents: DatasetDocument[];
  questions: EvalQuestion[];
};
type Dataset = { version: number; courses: DatasetCourse[] };

export type EvalOptions = {
  /** path of the data set (dev.json); document paths are relative to its folder */
  dataset: string;
  /** a running API (http://host:port); without it a fresh server is started and stopped */
  baseUrl?: string;
  /** courses evaluated at the same time (each asks one question at a time); default 1 */
  concurrency?: number;
  /** progress lines; default stderr */
  log?: (line: string) => void;
};

export type UploadResult = {
  file: string;
  title: string;
  content_type: 'syllabus' | 'additional';
  ok: boolean;
  error?: string;
};

export type QuestionResult = {
  course: string;
  id: string;
  question: string;
  expected: string[] | 'decline';
  answerable: boolean;
  response: string;
  source_type: string | null;
  correct: boolean;
  reason: MissReason | null;
  /** set when the ask request failed (the question then counts as a miss) */
  error?: string;
};

export type CourseResult = Tally & { id: string; uploads: UploadResult[] };

export type EvalResult = {
  dataset: string;
  base_url: string;
  started_at: string;
  finished_at: string;
  totals: { overall: Tally; answerable: Tally; unanswerable: Tally };
  courses: CourseResult[];
  questions: QuestionResult[];
};

/** The run could not be carried out (server, sign-up, class creation, missing endpoint, …). */
export class InfrastructureError extends Error {}

// ---------------------------------------------------------------------------------------------
// Data set

function fail(message: string): never {
  throw new InfrastructureError(message);
}

function checkCourse(c: DatasetCourse, i: number): void {
  const where = `courses[${i}]`;
  if (typeof c?.id !== 'string') fail(`${where}.id must be a string`);
  if (typeof c.class?.class_name !== 'string') fail(`${where}.class.class_name must be a string`);
  if (!Array.isArray(c.documents)) fail(`${where}.documents must be an array`);
  if (!Array.isArray(c.questions)) fail(`${where}.questions must be an array`);
  for (const q of c.questions) {
    if (typeof q.question !== 'string' || typeof q.answerable !== 'boolean')
      fail(`${where}: question ${q.id} needs question and answerable`);
    if (q.answerable && !q.answers?.length) fail(`${where}: question ${q.id} has no answers`);
  }
}

export function loadDataset(path: string): Dataset {
  const data = JSON.parse(readFileSync(path, 'utf8')) as Dataset;
  if (data.version !== 1) fail(`${path}: unsupported data set version ${String(data.version)}`);
  if (!Array.isArray(data.courses)) fail(`${path}: courses must be an array`);
  data.courses.forEach(checkCourse);
  return data;
}

// ---------------------------------------------------------------------------------------------
// HTTP

type ApiReply = { status: number; body: Record<string, unknown> | undefined };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function retryAfterSeconds(res: Response): number {
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 1;
}

async function readBody(res: Response): Promise<Record<string, unknown> | undefined> {
  const text = await res.text();
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    return { detail: text.slice(0, 200) };
  }
}

/** fetch, with a network failure (refused, reset, …) as an infrastructure failure. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw err;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (err as Error).message;
    fail(`${init.method ?? 'GET'} ${url} failed: ${why}`);
  }
}

/** One API call; a 429 is retried after its Retry-After, a few times. */
async function request(
  url: string,
  init: RequestInit & {
    token?: string;
    timeoutMs?: number;
    onRateLimit?: (waitSeconds: number) => void;
  },
): Promise<ApiReply> {
  const { token, timeoutMs = REQUEST_TIMEOUT_MS, onRateLimit, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  for (let attempt = 0; ; attempt++) {
    const res = await send(url, { ...rest, headers, signal: AbortSignal.timeout(timeoutMs) });
    if (res.status !== 429 || attempt >= RATE_LIMIT_RETRIES)
      return { status: res.status, body: await readBody(res) };
    const wait = retryAfterSeconds(res);
    await res.body?.cancel();
    if (wait > MAX_RETRY_AFTER_S) return { status: 429, body: { detail: `Retry-After ${wait} s` } };
    onRateLimit?.(wait);
    await sleep(wait * 1000);
  }
}

const postJson = (url: string, body: unknown, token?: string) =>
  request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    token,
  });

function describeReply(reply: ApiReply): string {
  const detail = reply.body?.detail;
  const text = typeof detail === 'string' ? detail : JSON.stringify(detail ?? reply.body ?? '');
  return `HTTP ${reply.status}${text ? `: ${text}` : ''}`;
}

/** The `data` of a successful reply, or an infrastructure failure naming the step. */
function dataOf<T>(reply: ApiReply, expected: number, step: string): T {
  if (reply.status !== expected) fail(`${step} failed (${describeReply(reply)})`);
  return reply.body?.data as T;
}

// ---------------------------------------------------------------------------------------------
// Server

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok, error) => server.once('error', error).listen(0, '127.0.0.1', ok));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address === 'string') fail('could not find a free port');
  return address.port;
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the server exited (code ${child.exitCode}) while starting`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      await res.body?.cancel();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  fail(`the server did not answer /api/health within ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

type LocalServer = { baseUrl: string; stop: () => Promise<void> };

/** Stops of the servers this process started, for a Ctrl-C of the command line. */
const runningServers = new Set<() => Promise<void>>();

/** The API on a free port with a fresh DATA_DIR; its output goes to stderr. */
async function startServer(log: (line: string) => void): Promise<LocalServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eval-data-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // a hermetic server: its own embedded database, demo payments, no mail
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      // one runner asks every question from one address: don't let the student limit pace it
      CHAT_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(process.stderr);
  child.stderr?.pipe(process.stderr);
  const stop = async () => {
    runningServers.delete(stop);
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  runningServers.add(stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  log(`starting the API on ${baseUrl} (DATA_DIR ${dataDir})`);
  try {
    await waitForHealth(baseUrl, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, stop };
}

// ---------------------------------------------------------------------------------------------
// Course set-up

function semesterOf(value: unknown): Semester | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (v === 'autumn') return 'Fall';
  return SEMESTERS.find((s) => s.toLowerCase() === v) ?? null;
}

function classInput(c: DatasetCourse['class']) {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  const year = typeof c.year === 'number' && c.year >= 2000 && c.year <= 2100 ? c.year : null;
  return {
    class_name: c.class_name,
    summarycode: text(c.summarycode),
    school: text(c.school),
    department: text(c.department),
    semester: semesterOf(c.semester),
    year,
  };
}

/** A new teacher on the demo trial: returns the access token. */
async function signUpTeacher(baseUrl: string, email: string, school: string | null) {
  const auth = dataOf<{ tokens: { access_token: string } }>(
    await postJson(`${baseUrl}/api/auth/register`, {
      email,
      password: PASSWORD,
      first_name: 'Eval',
      last_name: 'Teacher',
      institution: school,
    }),
    201,
    `sign-up of ${email}`,
  );
  const token = auth.tokens.access_token;
  const trial = {
    payment_method_id: DEMO_CARD,
    cardholder_name: 'Eval Teacher',
    billing_email: email,
  };
  dataOf(
    await postJson(`${baseUrl}/api/billing/payment/create-trial-subscription`, trial, token),
    201,
    `trial of ${email}`,
  );
  return token;
}

/** Markdown and HTML go up as text: the same bytes under a name ending in .txt. */
export function uploadName(file: string): string {
  const ext = extname(file).toLowerCase();
  const asText = ['.md', '.markdown', '.html', '.htm'].includes(ext);
  return asText ? `${basename(file, extname(file))}.txt` : basename(file);
}

async function uploadDocument(
  ctx: { baseUrl: string; token: string; classId: string; datasetDir: string },
  doc: DatasetDocument,
): Promise<UploadResult> {
  const contentType = doc.content_type === 'syllabus' ? 'syllabus' : 'additional';
  const result: UploadResult = {
    file: doc.file,
    title: doc.title,
    content_type: contentType,
    ok: false,
  };
  try {
    const form = new FormData();
    form.set('class_id', ctx.classId);
    form.set('content_type', contentType);
    form.set('title', doc.title);
    const bytes = readFileSync(resolve(ctx.datasetDir, doc.file));
    form.set('file', new Blob([bytes]), uploadName(doc.file));
    const reply = await request(`${ctx.baseUrl}/api/content/upload`, {
      method: 'POST',
      body: form,
      token: ctx.token,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
    if (reply.status === 201) return { ...result, ok: true };
    return { ...result, error: describeReply(reply) };
  } catch (err) {
    return { ...result, error: (err as Error).message };
  }
}

type ReadyClass = { chatUuid: string; uploads: UploadResult[] };

async function setUpCourse(
  baseUrl: string,
  course: DatasetCourse,
  email: string,
  datasetDir: string,
): Promise<ReadyClass> {
  const input = classInput(course.class);
  const token = await signUpTeacher(baseUrl, email, input.school);
  const created = dataOf<{ id: string; chat_uuid: string }>(
    await postJson(`${baseUrl}/api/classes`, input, token),
    201,
    `class creation for ${course.id}`,
  );
  const ctx = { baseUrl, token, classId: created.id, datasetDir };
  const uploads: UploadResult[] = [];
  for (const doc of course.documents) uploads.push(await uploadDocument(ctx, doc));
  return { chatUuid: created.chat_uuid, uploads };
}

// ---------------------------------------------------------------------------------------------
// Questions

/** The reply to one question, or why there is none (a failed request counts as a miss). */
async function ask(
  baseUrl: string,
  chatUuid: string,
  question: string,
  log: (line: string) => void,
): Promise<EvalReply & { error?: string }> {
  let reply: ApiReply;
  try {
    reply = await request(`${baseUrl}/api/chat/ask/${chatUuid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question, student_identifier: null }),
      timeoutMs: ASK_TIMEOUT_MS,
      onRateLimit: (s) => log(`rate-limited: waiting ${s} s (Retry-After)`),
    });
  } catch (err) {
    if ((err as Error).name !== 'TimeoutError') throw err;
    return { response: '', source_type: null, error: `no reply within ${ASK_TIMEOUT_MS / 1000} s` };
  }
  if (reply.status === 404 || reply.status === 429)
    fail(`POST /api/chat/ask answered ${describeReply(reply)}`);
  const data = reply.body?.data as { response?: unknown; source_type?: unknown } | undefined;
  if (reply.status >= 300 || typeof data?.response !== 'string')
    return { response: '', source_type: null, error: describeReply(reply) };
  const source = typeof data.source_type === 'string' ? data.source_type : null;
  return { response: data.response, source_type: source };
}

async function askAll(
  baseUrl: string,
  course: DatasetCourse,
  chatUuid: string,
  log: (line: string) => void,
): Promise<QuestionResult[]> {
  const results: QuestionResult[] = [];
  for (const q of course.questions) {
    const reply = await ask(baseUrl, chatUuid, q.question, log);
    results.push({
      course: course.id,
      id: q.id,
      question: q.question,
      expected: q.answerable ? (q.answers ?? []) : 'decline',
      answerable: q.answerable,
      response: reply.response,
      source_type: reply.source_type,
      ...scoreQuestion(q, reply),
      ...(reply.error ? { error: reply.error } : {}),
    });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Run

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

function totalsOf(questions: QuestionResult[]): EvalResult['totals'] {
  return {
    overall: tally(questions),
    answerable: tally(questions.filter((q) => q.answerable)),
    unanswerable: tally(questions.filter((q) => !q.answerable)),
  };
}

async function evaluate(
  baseUrl: string,
  dataset: Dataset,
  options: EvalOptions & { log: (line: string) => void },
) {
  const datasetDir = dirname(resolve(options.dataset));
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return mapLimit(dataset.courses, options.concurrency ?? 1, async (course, i) => {
    // one teacher per course: a teacher has 3 classes per season before add-ons
    const email = `eval-${runId}-${i + 1}@example.com`;
    const ready = await setUpCourse(baseUrl, course, email, datasetDir);
    const failed = ready.uploads.filter((u) => !u.ok);
    for (const u of failed) options.log(`${course.id}: upload of ${u.file} failed: ${u.error}`);
    const questions = await askAll(baseUrl, course, ready.chatUuid, options.log);
    const summary: CourseResult = { id: course.id, uploads: ready.uploads, ...tally(questions) };
    options.log(`${course.id}: ${formatTally(summary)}`);
    return { course: summary, questions };
  });
}

/** Runs the whole evaluation; throws InfrastructureError (or a network error) when it cannot. */
export async function runEval(options: EvalOptions): Promise<EvalResult> {
  const log = options.log ?? ((line: string) => console.error(line));
  const dataset = loadDataset(options.dataset);
  const startedAt = new Date().toISOString();
  const server = options.baseUrl ? undefined : await startServer(log);
  const baseUrl = (options.baseUrl ?? server!.baseUrl).replace(/\/+$/, '');
  try {
    const perCourse = await evaluate(baseUrl, dataset, { ...options, log });
    const questions = perCourse.flatMap((c) => c.questions);
    return {
      dataset: resolve(options.dataset),
      base_url: baseUrl,
      started_at: startedAt,
      finished_at: new Date().toISOString(),
      totals: totalsOf(questions),
      courses: perCourse.map((c) => c.course),
      questions,
    };
  } finally {
    await server?.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Summary

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function formatMiss(q: QuestionResult): string[] {
  const expected =
    q.expected === 'decline' ? 'decline' : q.expected.map((a) => JSON.stringify(a)).join(' | ');
  const got = q.error
    ? `request failed: ${q.error}`
    : `${q.source_type ?? 'no source'}: ${JSON.stringify(oneLine(q.response.slice(0, 200)))}`;
  return [
    `- [${q.course}] ${q.question}  (${q.reason})`,
    `    expected: ${expected}`,
    `    got: ${got}`,
  ];
}

export function formatSummary(result: EvalResult): string {
  const { overall, answerable, unanswerable } = result.totals;
  const width = Math.max(...result.courses.map((c) => c.id.length));
  const courseLine = (c: CourseResult) => {
    const failed = c.uploads.filter((u) => !u.ok).length;
    const note = failed ? `  (${failed} upload${failed > 1 ? 's' : ''} failed)` : '';
    return `  ${c.id.padEnd(width)}  ${formatTally(c)}${note}`;
  };
  const misses = result.questions.filter((q) => !q.correct);
  return [
    `Accuracy      ${formatTally(overall)}`,
    `  answerable    ${formatTally(answerable)}`,
    `  unanswerable  ${formatTally(unanswerable)}`,
    '',
    'Per course',
    ...result.courses.map(courseLine),
    '',
    `Misses (${misses.length})`,
    ...misses.flatMap(formatMiss),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Command line

const USAGE =
  'usage: node --import tsx scripts/eval.ts <dataset.json> [--report eval-report.json] ' +
  '[--base-url http://127.0.0.1:3000] [--concurrency 1]';

function parseCommandLine(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      report: { type: 'string', default: 'eval-report.json' },
      'base-url': { type: 'string' },
      concurrency: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const concurrency = Number(values.concurrency);
  if (values.help || positionals.length !== 1 || !(concurrency >= 1)) return undefined;
  return {
    dataset: positionals[0]!,
    baseUrl: values['base-url'],
    concurrency: Math.floor(concurrency),
    report: resolve(values.report!),
  };
}

function stopServersOnSignal() {
  const onSignal = async () => {
    await Promise.allSettled([...runningServers].map((stop) => stop()));
    process.exit(130);
  };
  process.once('SIGINT', () => void onSignal());
  process.once('SIGTERM', () => void onSignal());
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
  }
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  stopServersOnSignal();
  try {
    const result = await runEval(args);
    writeFileSync(args.report, `${JSON.stringify(result, null, 2)}\n`);
    console.log(formatSummary(result));
    console.log(`\nReport: ${args.report}`);
    return 0;
  } catch (err) {
    const message = err instanceof InfrastructureError ? err.message : (err as Error).stack;
    console.error(`eval failed: ${message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main();
}
