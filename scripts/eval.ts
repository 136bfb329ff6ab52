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
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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
import {
  dataOf,
  describeReply,
  fail,
  InfrastructureError,
  postJson,
  request,
  signUpTeacher,
  uploadFile,
  type ApiReply,
} from './lib/api.ts';
import { runCommand } from './lib/cli.ts';
import { startServer } from './lib/server.ts';

export { InfrastructureError };

const SEMESTERS = ['Spring', 'Summer', 'Fall', 'Winter'] as const;
const ASK_TIMEOUT_MS = 120_000;

// ---------------------------------------------------------------------------------------------
// Types

type Semester = (typeof SEMESTERS)[number];

type DatasetDocument = { file: string; content_type: string; title: string };
export type DatasetCourse = {
  id: string;
  class: Record<string, unknown> & { class_name: string };
  documents: DatasetDocument[];
  questions: EvalQuestion[];
};
export type Dataset = { version: number; courses: DatasetCourse[] };

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

// ---------------------------------------------------------------------------------------------
// Data set

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
// Course set-up

function semesterOf(value: unknown): Semester | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (v === 'autumn') return 'Fall';
  return SEMESTERS.find((s) => s.toLowerCase() === v) ?? null;
}

/** The class as the data set describes it: every field a teacher would fill in. */
export function classInput(c: DatasetCourse['class']) {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  const year = typeof c.year === 'number' && c.year >= 2000 && c.year <= 2100 ? c.year : null;
  return {
    class_name: c.class_name,
    course_code: text(c.course_code),
    school: text(c.school),
    department: text(c.department),
    semester: semesterOf(c.semester),
    year,
  };
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
    const reply = await uploadFile(ctx, {
      contentType,
      title: doc.title,
      fileName: uploadName(doc.file),
      data: readFileSync(resolve(ctx.datasetDir, doc.file)),
    });
    if (reply.status === 201) return { ...result, ok: true };
    return { ...result, error: describeReply(reply) };
  } catch (err) {
    return { ...result, error: (err as Error).message };
  }
}

export type ReadyClass = { chatUuid: string; uploads: UploadResult[] };

export async function setUpCourse(
  baseUrl: string,
  course: DatasetCourse,
  email: string,
  datasetDir: string,
): Promise<ReadyClass> {
  const input = classInput(course.class);
  const token = await signUpTeacher(baseUrl, {
    email,
    institution: input.school,
    firstName: 'Eval',
    lastName: 'Teacher',
  });
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
  const server = options.baseUrl ? undefined : await startServer({ name: 'eval', log });
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

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await runCommand({
    name: 'eval',
    usage: USAGE,
    parse: parseCommandLine,
    run: async (args) => {
      const result = await runEval(args);
      writeFileSync(args.report, `${JSON.stringify(result, null, 2)}\n`);
      console.log(formatSummary(result));
      console.log(`\nReport: ${args.report}`);
    },
  });
}
