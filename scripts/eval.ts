/**
 * Answer-quality evaluation through the public API, as a black box (docs/evaluation.md).
 *
 *   node --import tsx scripts/eval.ts ../shared/eval/dev.json [../shared/eval/dev-b.json …]
 *        [--report eval-report.json] [--base-url http://127.0.0.1:3000] [--concurrency 1]
 *
 * Without --base-url it starts the API itself on a free 127.0.0.1 port with a fresh temporary
 * DATA_DIR (embedded PostgreSQL) and removes both at the end. Per course it signs up a teacher,
 * starts the demo trial, creates the class, uploads the documents, then asks every question as
 * an anonymous student and scores the replies (scripts/eval-score.ts).
 *
 * Its own server runs with no confidence threshold (ANSWER_MIN_CONFIDENCE=0), so every reply
 * carries the engine's best answer and its confidence; the scores are then those of the shipped
 * threshold, and the leave-one-course-out numbers those of a threshold fitted on the other
 * courses (scripts/eval-loco.ts). With --llm-recall it measures instead what an LLM would be sent
 * (context recall, scripts/eval-recall.ts). Exits 0 whenever the run completed, whatever the accuracy;
 * 1 on an infrastructure failure.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  formatTally,
  kindOf,
  scoreQuestion,
  tally,
  type EvalQuestion,
  type EvalReply,
  type MissReason,
  type ReplyKind,
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
import {
  atThreshold,
  bestThreshold,
  crossFit,
  isMisleading,
  leaveOneCourseOut,
  recalibrate,
  type LocoResult,
  type RawResult,
} from './eval-loco.ts';
import {
  CALIBRATION,
  DEFAULT_MIN_CONFIDENCE,
  MISLEADING_COST,
} from '../apps/api/src/features/answering/confidence.ts';
import { formatRecall, runRecall } from './eval-recall.ts';
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
  /** paths of the data sets (dev.json…); document paths are relative to each one's folder */
  datasets: string[];
  /** a running API (http://host:port); without it a fresh server is started and stopped */
  baseUrl?: string;
  /** courses evaluated at the same time (each asks one question at a time); default 1 */
  concurrency?: number;
  /** progress lines; default stderr */
  log?: (line: string) => void;
  /**
   * a teacher's checks to make before the questions (Check your assistant, issue 29): per course
   * id, per item id (a standard key), `{ status, answer? }` as PUT takes it
   */
  checks?: TeacherChecks;
  /** writes each course's check list (the standard questions and their replies) here, as JSON */
  dumpChecks?: string;
};

export type TeacherChecks = Record<string, Record<string, { status: string; answer?: string }>>;

export type UploadResult = {
  file: string;
  title: string;
  content_type: 'syllabus' | 'additional';
  ok: boolean;
  error?: string;
};

export type QuestionResult = {
  dataset: string;
  course: string;
  id: string;
  question: string;
  expected: string[] | 'decline';
  answerable: boolean;
  response: string;
  /** answer, excerpt or none (the server's, or read from source_type when it sends none) */
  kind: ReplyKind;
  source_type: string | null;
  /** the reply's confidence (0–1), null when the server sent none */
  confidence: number | null;
  correct: boolean;
  /** an answer (not a quotation) that is wrong */
  misleading: boolean;
  reason: MissReason | null;
  /** answered from an answer the teacher checked */
  checked_by_teacher: boolean;
  /** set when the ask request failed (the question then counts as a miss) */
  error?: string;
};

export type CourseResult = Tally & {
  id: string;
  dataset: string;
  misleading: number;
  uploads: UploadResult[];
};

type Totals = {
  overall: Tally;
  answerable: Tally;
  unanswerable: Tally;
  misleading: Tally;
  /** right replies that were answers (statements), of all questions */
  right_answers: Tally;
  /** excerpts that were not right, of all questions */
  excerpt_misses: Tally;
  /** unanswerable questions the reply said none to */
  none_on_unanswerable: Tally;
};

/** A threshold fitted on one data set and scored on another. */
export type CrossFit = {
  fitted_on: string;
  scored_on: string;
  threshold: number;
  accuracy: number;
  misleading: number;
};

export type EvalResult = {
  datasets: string[];
  base_url: string;
  started_at: string;
  finished_at: string;
  /** the threshold the scores are at: the shipped one, or none against another server */
  threshold: number | null;
  totals: Totals;
  by_dataset: (Totals & { dataset: string })[];
  courses: CourseResult[];
  /** leave-one-course-out, when the run had its own server (every reply's confidence known) */
  loco: LocoResult | null;
  /** each data set's fitted threshold scored on each other one (own server, 2+ data sets) */
  cross: CrossFit[];
  /** the threshold fitted on every course: what confidence.ts should ship (own server only) */
  fitted_threshold: number | null;
  /** the confidence calibration refitted on these replies (for confidence.ts) */
  calibration: { slope: number; offset: number } | null;
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
    if (reply.status === 202) return { ...result, ok: true };
    return { ...result, error: describeReply(reply) };
  } catch (err) {
    return { ...result, error: (err as Error).message };
  }
}

const evalTeacher = (email: string, institution: string | null) => ({
  email,
  institution,
  firstName: 'Eval',
  lastName: 'Teacher',
});

/**
 * The day the eval's server takes as today in every class: the eighth week of each course's term
 * (its term from its semester and year), so a question about "this week" scores the same on
 * every run.
 */
export const EVAL_TODAY = 'term+52';

/** Classes one teacher holds in a run: the plan's included classes, so no add-on is bought. */
const COURSES_PER_TEACHER = 3;

export type ReadyClass = {
  classId: string;
  chatUuid: string;
  token: string;
  uploads: UploadResult[];
};

export async function setUpCourse(
  baseUrl: string,
  course: DatasetCourse,
  email: string,
  datasetDir: string,
  /** a teacher already signed up (as `email`); otherwise one is signed up */
  teacherToken?: Promise<string>,
): Promise<ReadyClass> {
  const input = classInput(course.class);
  const token = await (teacherToken ?? signUpTeacher(baseUrl, evalTeacher(email, input.school)));
  const created = dataOf<{ id: string; chat_uuid: string }>(
    await postJson(`${baseUrl}/api/classes`, input, token),
    201,
    `class creation for ${course.id}`,
  );
  const ctx = { baseUrl, token, classId: created.id, datasetDir };
  const uploads: UploadResult[] = [];
  for (const doc of course.documents) uploads.push(await uploadDocument(ctx, doc));
  return { classId: created.id, chatUuid: created.chat_uuid, token, uploads };
}

// ---------------------------------------------------------------------------------------------
// Questions

/** The reply to one question, or why there is none (a failed request counts as a miss). */
async function ask(
  baseUrl: string,
  chatUuid: string,
  question: string,
  log: (line: string) => void,
): Promise<EvalReply & { confidence: number | null; checked?: boolean; error?: string }> {
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
    return {
      response: '',
      source_type: null,
      confidence: null,
      error: `no reply within ${ASK_TIMEOUT_MS / 1000} s`,
    };
  }
  if (reply.status === 404 || reply.status === 429)
    fail(`POST /api/chat/ask answered ${describeReply(reply)}`);
  const data = reply.body?.data as
    | {
        response?: unknown;
        source_type?: unknown;
        kind?: unknown;
        confidence?: unknown;
        checked_by_teacher?: unknown;
      }
    | undefined;
  if (reply.status >= 300 || typeof data?.response !== 'string')
    return { response: '', source_type: null, confidence: null, error: describeReply(reply) };
  const source = typeof data.source_type === 'string' ? data.source_type : null;
  const confidence = typeof data.confidence === 'number' ? data.confidence : null;
  const kind = typeof data.kind === 'string' ? (data.kind as ReplyKind) : null;
  const checked = data.checked_by_teacher === true;
  return { response: data.response, source_type: source, kind, confidence, checked };
}

type Asked = RawResult & { dataset: string; checked?: boolean; error?: string };

async function askAll(
  baseUrl: string,
  course: DatasetCourse & { dataset: string },
  chatUuid: string,
  log: (line: string) => void,
): Promise<Asked[]> {
  const results: Asked[] = [];
  for (const q of course.questions) {
    const { confidence, checked, error, ...reply } = await ask(baseUrl, chatUuid, q.question, log);
    results.push({
      dataset: course.dataset,
      course: course.id,
      question: q,
      reply,
      confidence,
      checked,
      ...(error ? { error } : {}),
    });
  }
  return results;
}

/** One question scored as a server with this threshold would have answered it. */
function scored(a: Asked, threshold: number | null): QuestionResult {
  const q = a.question;
  const reply = threshold === null ? a.reply : atThreshold(a, threshold);
  return {
    dataset: a.dataset,
    course: a.course,
    id: q.id,
    question: q.question,
    expected: q.answerable ? (q.answers ?? []) : 'decline',
    answerable: q.answerable,
    response: reply.response,
    kind: kindOf(reply),
    source_type: reply.source_type,
    confidence: a.confidence,
    ...scoreQuestion(q, reply),
    misleading: isMisleading(q, reply),
    checked_by_teacher: a.checked ?? false,
    ...(a.error ? { error: a.error } : {}),
  };
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

function totalsOf(questions: QuestionResult[]): Totals {
  const unanswerable = questions.filter((q) => !q.answerable);
  return {
    overall: tally(questions),
    answerable: tally(questions.filter((q) => q.answerable)),
    unanswerable: tally(unanswerable),
    misleading: tally(questions.map((q) => ({ correct: q.misleading }))),
    right_answers: tally(questions.map((q) => ({ correct: q.correct && q.kind === 'answer' }))),
    excerpt_misses: tally(questions.map((q) => ({ correct: !q.correct && q.kind === 'excerpt' }))),
    none_on_unanswerable: tally(unanswerable.map((q) => ({ correct: q.kind === 'none' }))),
  };
}

/** Each data set's threshold, fitted on all its courses, scored on every other data set. */
function crossFits(asked: Asked[]): CrossFit[] {
  const datasets = [...new Set(asked.map((a) => a.dataset))];
  return datasets.flatMap((fitted) =>
    datasets
      .filter((other) => other !== fitted)
      .map((scored) => {
        const fit = crossFit(
          asked.filter((a) => a.dataset === fitted),
          asked.filter((a) => a.dataset === scored),
          MISLEADING_COST,
        );
        return { fitted_on: fitted, scored_on: scored, ...fit };
      }),
  );
}

type Course = DatasetCourse & { dataset: string; datasetDir: string };

async function evaluate(
  baseUrl: string,
  courses: Course[],
  options: EvalOptions & { log: (line: string) => void },
) {
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // a few teachers for all courses: sign-ups are rate-limited per address
  const teachers = new Map<number, Promise<string>>();
  const teacherOf = (email: string, group: number) => {
    if (!teachers.has(group)) teachers.set(group, signUpTeacher(baseUrl, evalTeacher(email, null)));
    return teachers.get(group)!;
  };
  const checkLists = new Map<string, unknown>();
  const results = await mapLimit(courses, options.concurrency ?? 1, async (course, i) => {
    const group = Math.floor(i / COURSES_PER_TEACHER);
    const email = `eval-${runId}-${group + 1}@example.com`;
    const token = teacherOf(email, group);
    const ready = await setUpCourse(baseUrl, course, email, course.datasetDir, token);
    const failed = ready.uploads.filter((u) => !u.ok);
    for (const u of failed) options.log(`${course.id}: upload of ${u.file} failed: ${u.error}`);
    if (options.dumpChecks) checkLists.set(course.id, await checkList(baseUrl, ready));
    await makeChecks(baseUrl, ready, options.checks?.[course.id] ?? {});
    const asked = await askAll(baseUrl, course, ready.chatUuid, options.log);
    options.log(`${course.id}: ${asked.length} questions asked`);
    return { course, uploads: ready.uploads, asked };
  });
  if (options.dumpChecks)
    writeFileSync(
      options.dumpChecks,
      `${JSON.stringify(Object.fromEntries(checkLists), null, 2)}\n`,
    );
  return results;
}

/** The class's check list as its teacher sees it: each question and the reply a student gets. */
async function checkList(baseUrl: string, ready: ReadyClass) {
  const reply = await request(`${baseUrl}/api/classes/${ready.classId}/assistant-check`, {
    token: ready.token,
  });
  const data = reply.body?.data as
    | { items: { id: string; question: string; reply: { kind: string; response: string } }[] }
    | undefined;
  if (reply.status !== 200 || !data) fail(`GET assistant-check answered ${describeReply(reply)}`);
  return data.items.map((i) => ({
    id: i.id,
    question: i.question,
    kind: i.reply.kind,
    reply: i.reply.response,
  }));
}

/** The teacher's checks, made through the API before any student asks. */
async function makeChecks(
  baseUrl: string,
  ready: ReadyClass,
  checks: Record<string, { status: string; answer?: string }>,
) {
  for (const [item, check] of Object.entries(checks)) {
    const reply = await request(`${baseUrl}/api/classes/${ready.classId}/assistant-check/${item}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      token: ready.token,
      body: JSON.stringify(check),
    });
    if (reply.status !== 200) fail(`PUT assistant-check/${item} answered ${describeReply(reply)}`);
  }
}

function courseResult(c: { course: Course; uploads: UploadResult[] }, questions: QuestionResult[]) {
  const own = questions.filter((q) => q.course === c.course.id);
  return {
    id: c.course.id,
    dataset: c.course.dataset,
    misleading: own.filter((q) => q.misleading).length,
    uploads: c.uploads,
    ...tally(own),
  };
}

/** Runs the whole evaluation; throws InfrastructureError (or a network error) when it cannot. */
export async function runEval(options: EvalOptions): Promise<EvalResult> {
  const log = options.log ?? ((line: string) => console.error(line));
  const courses = options.datasets.flatMap((path) =>
    loadDataset(path).courses.map((c) => ({
      ...c,
      dataset: basename(path),
      datasetDir: dirname(resolve(path)),
    })),
  );
  const startedAt = new Date().toISOString();
  // no threshold in the server: the eval applies the shipped one, and fits its own per course
  const server = options.baseUrl
    ? undefined
    : await startServer({
        name: 'eval',
        log,
        env: { ANSWER_MIN_CONFIDENCE: '0', ASSISTANT_TODAY: EVAL_TODAY },
      });
  const baseUrl = (options.baseUrl ?? server!.baseUrl).replace(/\/+$/, '');
  try {
    const perCourse = await evaluate(baseUrl, courses, { ...options, log });
    const asked = perCourse.flatMap((c) => c.asked);
    const threshold = server ? DEFAULT_MIN_CONFIDENCE : null;
    const questions = asked.map((a) => scored(a, threshold));
    const datasets = [...new Set(courses.map((c) => c.dataset))];
    return {
      datasets: options.datasets.map((d) => resolve(d)),
      base_url: baseUrl,
      started_at: startedAt,
      finished_at: new Date().toISOString(),
      threshold,
      totals: totalsOf(questions),
      by_dataset: datasets.map((dataset) => ({
        dataset,
        ...totalsOf(questions.filter((q) => q.dataset === dataset)),
      })),
      courses: perCourse.map((c) => courseResult(c, questions)),
      loco: server ? leaveOneCourseOut(asked, MISLEADING_COST) : null,
      cross: server ? crossFits(asked) : [],
      fitted_threshold: server ? bestThreshold(asked, MISLEADING_COST) : null,
      calibration: server ? recalibrate(asked, CALIBRATION) : null,
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
    : `${q.kind}, ${q.source_type ?? 'no source'}: ${JSON.stringify(oneLine(q.response.slice(0, 200)))}`;
  return [
    `- [${q.course}] ${q.question}  (${q.reason})`,
    `    expected: ${expected}`,
    `    got: ${got}`,
  ];
}

const percent = (share: number) => `${(100 * share).toFixed(1)}%`;

function formatTotals(t: Totals): string[] {
  return [
    `Right         ${formatTally(t.overall)}   misleading (a wrong answer) ${formatTally(t.misleading)}`,
    `  answerable    ${formatTally(t.answerable)}`,
    `  unanswerable  ${formatTally(t.unanswerable)}`,
    `  right answers (statements)  ${formatTally(t.right_answers)}`,
    `  excerpts that miss          ${formatTally(t.excerpt_misses)}`,
    `  none on unanswerable        ${formatTally(t.none_on_unanswerable)}`,
  ];
}

function formatCross(cross: CrossFit[]): string[] {
  return [
    'Threshold fitted on one data set, scored on the other',
    ...cross.map(
      (c) =>
        `  fitted on ${c.fitted_on} (${c.threshold.toFixed(3)}), on ${c.scored_on}: right ${percent(c.accuracy)}, misleading ${percent(c.misleading)}`,
    ),
  ];
}

function formatLoco(loco: LocoResult, width: number): string[] {
  return [
    `Leave-one-course-out (threshold fitted on the other courses, misleading costs ${MISLEADING_COST} declines)`,
    `  mean over ${loco.courses.length} courses: accuracy ${percent(loco.accuracy)}, misleading ${percent(loco.misleading)}`,
    ...loco.courses.map(
      (c) =>
        `  ${c.course.padEnd(width)}  ${percent(c.accuracy).padStart(6)}  misleading ${percent(c.misleading).padStart(6)}  threshold ${c.threshold.toFixed(3)}`,
    ),
  ];
}

export function formatSummary(result: EvalResult): string {
  const width = Math.max(...result.courses.map((c) => c.id.length));
  const courseLine = (c: CourseResult) => {
    const failed = c.uploads.filter((u) => !u.ok).length;
    const note = failed ? `  (${failed} upload${failed > 1 ? 's' : ''} failed)` : '';
    return `  ${c.id.padEnd(width)}  ${formatTally(c).padEnd(14)}  misleading ${c.misleading}${note}`;
  };
  const misses = result.questions.filter((q) => !q.correct);
  const at =
    result.threshold === null
      ? 'as the server answered'
      : `at the shipped confidence threshold ${result.threshold}`;
  return [
    `All data sets, ${at}`,
    ...formatTotals(result.totals),
    ...(result.by_dataset.length > 1
      ? result.by_dataset.flatMap((d) => ['', d.dataset, ...formatTotals(d)])
      : []),
    '',
    'Per course',
    ...result.courses.map(courseLine),
    ...(result.loco ? ['', ...formatLoco(result.loco, width)] : []),
    ...(result.cross.length ? ['', ...formatCross(result.cross)] : []),
    ...(result.fitted_threshold !== null
      ? [
          '',
          `Threshold fitted on all courses: ${result.fitted_threshold} (shipped: ${DEFAULT_MIN_CONFIDENCE}, confidence.ts)`,
        ]
      : []),
    ...(result.calibration
      ? [
          `Calibration refitted on these replies: slope ${result.calibration.slope}, offset ${result.calibration.offset} (confidence.ts)`,
        ]
      : []),
    '',
    `Misses (${misses.length})`,
    ...misses.flatMap(formatMiss),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Command line

const USAGE =
  'usage: node --import tsx scripts/eval.ts <dataset.json>… [--report eval-report.json] ' +
  '[--base-url http://127.0.0.1:3000] [--concurrency 1] [--llm-recall [--context-chars 12000]] ' +
  '[--checks teacher-checks.json] [--dump-checks check-lists.json]';

function parseCommandLine(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      report: { type: 'string', default: 'eval-report.json' },
      'base-url': { type: 'string' },
      concurrency: { type: 'string', default: '1' },
      'llm-recall': { type: 'boolean', default: false },
      'context-chars': { type: 'string' },
      checks: { type: 'string' },
      'dump-checks': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const concurrency = Number(values.concurrency);
  const chars = values['context-chars'];
  if (values.help || positionals.length === 0 || !(concurrency >= 1)) return undefined;
  if (chars !== undefined && !/^\d+$/.test(chars)) return undefined;
  return {
    llmRecall: values['llm-recall']!,
    contextChars: chars === undefined ? undefined : Number(chars),
    datasets: positionals,
    baseUrl: values['base-url'],
    concurrency: Math.floor(concurrency),
    report: resolve(values.report!),
    checks: values.checks
      ? (JSON.parse(readFileSync(values.checks, 'utf8')) as TeacherChecks)
      : undefined,
    dumpChecks: values['dump-checks'] ? resolve(values['dump-checks']) : undefined,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await runCommand({
    name: 'eval',
    usage: USAGE,
    parse: parseCommandLine,
    run: async (args) => {
      if (args.llmRecall) {
        const recall = await runRecall({ ...args, log: (line) => console.error(line) });
        console.log(formatRecall(recall));
        return;
      }
      const result = await runEval(args);
      writeFileSync(args.report, `${JSON.stringify(result, null, 2)}\n`);
      console.log(formatSummary(result));
      console.log(`\nReport: ${args.report}`);
    },
  });
}
