/**
 * The wizard's step-3 test questions (DEFAULT_TEST_QUESTIONS) asked of every course of the eval
 * corpus — also those with no questions in the data sets — as a new teacher would: each course's
 * documents uploaded (a file named like a syllabus as the syllabus, the rest as additional
 * material), then each question asked as a student, at the shipped confidence threshold. Prints
 * every reply, to be judged against its syllabus by reading: the corpus has no expected answers
 * for these questions on purpose.
 *
 *   npm run eval:wizard [-- <course-id>…]
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_TEST_QUESTIONS } from '@app/contracts';
import { setUpCourse, type DatasetCourse } from './eval.ts';
import { describeReply, request, signUpTeacher } from './lib/api.ts';
import { runCommand } from './lib/cli.ts';
import { startServer } from './lib/server.ts';

const CORPUS = resolve(import.meta.dirname, '../../shared/eval/corpus');
/** Classes one teacher holds: the plan's included classes, so no add-on is bought. */
const COURSES_PER_TEACHER = 3;

/** A corpus course as the eval's set-up takes it: every document, the syllabus first. */
export function corpusCourse(id: string, files: string[]): DatasetCourse {
  const documents = [...files]
    .sort()
    .sort((a, b) => Number(/syllab/i.test(b)) - Number(/syllab/i.test(a)))
    .map((file, i) => ({
      file: join('corpus', id, file),
      content_type: i === 0 ? 'syllabus' : 'additional',
      title: i === 0 ? 'Syllabus' : file.replace(/\.[^.]+$/, ''),
    }));
  return { id, class: { class_name: id }, documents, questions: [] };
}

function courses(only: string[]): DatasetCourse[] {
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (only.length === 0 || only.includes(d.name)))
    .map((d) => corpusCourse(d.name, readdirSync(join(CORPUS, d.name))))
    .sort((a, b) => a.id.localeCompare(b.id));
}

type Reply = { source_type: string; confidence: number; response: string };

async function ask(baseUrl: string, chatUuid: string, question: string): Promise<string> {
  const reply = await request(`${baseUrl}/api/chat/ask/${chatUuid}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question, student_identifier: null }),
  });
  const data = reply.body?.data as Reply | undefined;
  if (reply.status !== 200 || !data) return `request failed: ${describeReply(reply)}`;
  const text = data.response.replace(/\s+/g, ' ').trim();
  return `${data.source_type} (${data.confidence.toFixed(2)}): ${text}`;
}

/** Sign-ups one address may make per hour on a server: a fresh server for each batch of courses. */
const TEACHERS_PER_SERVER = 10;

async function askBatch(list: DatasetCourse[]): Promise<void> {
  const server = await startServer({ name: 'eval-wizard', log: (line) => console.error(line) });
  try {
    const runId = Date.now().toString(36);
    let token: Promise<string> | undefined;
    for (let i = 0; i < list.length; i++) {
      const course = list[i]!;
      const email = `wizard-${runId}-${Math.floor(i / COURSES_PER_TEACHER)}@example.com`;
      if (i % COURSES_PER_TEACHER === 0) {
        const name = { firstName: 'Wizard', lastName: 'Check', institution: null };
        token = signUpTeacher(server.baseUrl, { email, ...name });
      }
      const ready = await setUpCourse(server.baseUrl, course, email, resolve(CORPUS, '..'), token);
      console.log(`\n=== ${course.id}`);
      for (const u of ready.uploads.filter((u) => !u.ok))
        console.log(`(upload of ${u.file} failed: ${u.error})`);
      for (const question of DEFAULT_TEST_QUESTIONS)
        console.log(`- ${question}\n  ${await ask(server.baseUrl, ready.chatUuid, question)}`);
    }
  } finally {
    await server.stop();
  }
}

async function run(only: string[]): Promise<void> {
  const list = courses(only);
  const batch = TEACHERS_PER_SERVER * COURSES_PER_TEACHER;
  for (let at = 0; at < list.length; at += batch) await askBatch(list.slice(at, at + batch));
}

process.exitCode = await runCommand({
  name: 'eval:wizard',
  usage: 'usage: npm run eval:wizard [-- <course-id>…]',
  parse: (argv) => (argv.some((a) => a.startsWith('-')) ? undefined : argv),
  run,
});
