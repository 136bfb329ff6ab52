/**
 * The public API as the runner scripts (eval, bench) call it: JSON requests with a bearer token,
 * 429s retried after their Retry-After, and the set-up steps a teacher goes through.
 */

export const REQUEST_TIMEOUT_MS = 60_000;
const UPLOAD_TIMEOUT_MS = 300_000;
/** 429 handling: retries per request, and the longest Retry-After worth waiting for */
const RATE_LIMIT_RETRIES = 5;
const MAX_RETRY_AFTER_S = 120;
/** the password of the teachers the runners sign up */
export const RUNNER_PASSWORD = 'Eval-Runner-Pass-2026';
const DEMO_CARD = 'pm_local_visa_4242';

/** The run could not be carried out (server, sign-up, class creation, missing endpoint, …). */
export class InfrastructureError extends Error {}

export function fail(message: string): never {
  throw new InfrastructureError(message);
}

export type ApiReply = { status: number; body: Record<string, unknown> | undefined };

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

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
export async function request(
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

export const postJson = (url: string, body: unknown, token?: string) =>
  request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    token,
  });

export function describeReply(reply: ApiReply): string {
  const detail = reply.body?.detail;
  const text = typeof detail === 'string' ? detail : JSON.stringify(detail ?? reply.body ?? '');
  return `HTTP ${reply.status}${text ? `: ${text}` : ''}`;
}

/** The `data` of a successful reply, or an infrastructure failure naming the step. */
export function dataOf<T>(reply: ApiReply, expected: number, step: string): T {
  if (reply.status !== expected) fail(`${step} failed (${describeReply(reply)})`);
  return reply.body?.data as T;
}

/** A new teacher on the demo trial: returns the access token. */
export async function signUpTeacher(
  baseUrl: string,
  teacher: { email: string; institution: string | null; firstName: string; lastName: string },
): Promise<string> {
  const { email } = teacher;
  const auth = dataOf<{ tokens: { access_token: string } }>(
    await postJson(`${baseUrl}/api/auth/register`, {
      email,
      password: RUNNER_PASSWORD,
      first_name: teacher.firstName,
      last_name: teacher.lastName,
      institution: teacher.institution,
    }),
    201,
    `sign-up of ${email}`,
  );
  const token = auth.tokens.access_token;
  const trial = {
    payment_method_id: DEMO_CARD,
    cardholder_name: `${teacher.firstName} ${teacher.lastName}`,
    billing_email: email,
  };
  dataOf(
    await postJson(`${baseUrl}/api/billing/payment/create-trial-subscription`, trial, token),
    201,
    `trial of ${email}`,
  );
  return token;
}

/**
 * POST /api/content/upload of one file (multipart, its fields before the file, as the add-content
 * modal sends it). The server answers 202 at once with the item `processing` and reads the file
 * in the background, so this then polls GET /api/content/{id} until it has: `ready` returns the
 * 202 reply, `failed` a 422 reply with the reason, and callers ask about the file after. A file
 * refused before it was stored (413, 415, 422…) returns that reply as it is.
 */
export async function uploadFile(
  ctx: { baseUrl: string; token: string; classId: string },
  file: {
    contentType: 'syllabus' | 'additional';
    title: string;
    fileName: string;
    data: Buffer;
  },
): Promise<ApiReply> {
  const form = new FormData();
  form.set('class_id', ctx.classId);
  form.set('content_type', file.contentType);
  form.set('title', file.title);
  form.set('file', new Blob([file.data]), file.fileName);
  const reply = await request(`${ctx.baseUrl}/api/content/upload`, {
    method: 'POST',
    body: form,
    token: ctx.token,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  const content = (reply.body?.data as { content?: { id: string } } | undefined)?.content;
  if (reply.status !== 202 || !content) return reply;
  const deadline = Date.now() + UPLOAD_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const now = await request(`${ctx.baseUrl}/api/content/${content.id}`, { token: ctx.token });
    const item = (now.body?.data as { content?: { status: string; status_reason: string } })
      ?.content;
    if (item?.status === 'ready') return reply;
    if (item?.status === 'failed')
      return { status: 422, body: { success: false, detail: item.status_reason } };
    if (now.status !== 200)
      fail(`${file.fileName}: GET /api/content/${content.id} (${describeReply(now)})`);
    await sleep(250);
  }
  throw new InfrastructureError(`${file.fileName} was still being read after 300 s`);
}
