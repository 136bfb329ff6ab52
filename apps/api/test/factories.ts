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
