import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthResult } from '@app/contracts';

let counter = 0;
export const STRONG_PASSWORD = 'Maple-Lantern-4827';

export function teacherInput(
  overrides: Partial<
    Record<'email' | 'password' | 'first_name' | 'last_name' | 'institution', string>
  > = {},
) {
  counter += 1;
  return {
    email: `teacher${counter}-${randomBytes(3).toString('hex')}@uni.test`,
    password: STRONG_PASSWORD,
    first_name: 'Ada',
    last_name: `Lovelace${counter}`,
    institution: 'State University',
    ...overrides,
  };
}

/** Registers a teacher through the real API and returns the reply's data. */
export async function registerTeacher(
  app: FastifyInstance,
  overrides: Parameters<typeof teacherInput>[0] = {},
  ip = `10.0.${counter % 250}.${(counter * 7) % 250}`,
) {
  const input = teacherInput(overrides);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: input,
    remoteAddress: ip,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const data = (res.json() as { data: AuthResult }).data;
  return { ...data, input, auth: { authorization: `Bearer ${data.tokens.access_token}` } };
}

/** A teacher past sign-up: registered and on the Teacher plan's trial (demo payments). */
export async function subscribedTeacher(app: FastifyInstance) {
  const teacher = await registerTeacher(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/billing/payment/create-trial-subscription',
    headers: teacher.auth,
    payload: {
      payment_method_id: 'pm_local_visa_4242',
      cardholder_name: 'Ada Lovelace',
      billing_email: teacher.input.email,
    },
  });
  if (res.statusCode !== 201) throw new Error(`subscription failed: ${res.statusCode} ${res.body}`);
  return teacher;
}

export function classInput(overrides: Record<string, unknown> = {}) {
  return {
    class_name: 'Introduction to Biology',
    course_code: 'BIO 101',
    school: 'State University',
    department: 'Biology',
    semester: 'Fall',
    year: 2026,
    student_size: 40,
    description: 'Cells, genetics and evolution.',
    ...overrides,
  };
}

/** Creates a class through the API and returns it. */
export async function createClass(
  app: FastifyInstance,
  auth: Record<string, string>,
  overrides: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/classes',
    headers: auth,
    payload: classInput(overrides),
  });
  if (res.statusCode !== 201)
    throw new Error(`class creation failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: string; chat_uuid: string; class_name: string } }).data;
}

let students = 0;
/** An address of a student's own (private range), so a limit per address is one student's. */
export function studentAddress(): string {
  students += 1;
  return `10.77.${(students >> 8) & 255}.${students & 255}`;
}

/** What a student is told: the reply to an ask on a class's share link. */
export type StudentReply = { id: string; response: string; source_type: string; kind: string };

/** A student asks on a class's share link, from an address of their own. */
export async function askAsStudent(
  app: FastifyInstance,
  chatUuid: string,
  question: string,
): Promise<StudentReply> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/chat/ask/${chatUuid}`,
    payload: { question },
    remoteAddress: studentAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`ask failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: StudentReply }).data;
}
