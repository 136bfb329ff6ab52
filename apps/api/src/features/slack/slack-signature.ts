import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a request's timestamp may be from our clock (Slack's own advice: 5 minutes). */
export const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/** Slack's v0 signature of a request: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}`. */
export function slackSignature(signingSecret: string, timestamp: string, body: Buffer): string {
  const hmac = createHmac('sha256', signingSecret);
  hmac.update(`v0:${timestamp}:`);
  hmac.update(body);
  return `v0=${hmac.digest('hex')}`;
}

/** A v0 signature as Slack writes it: `v0=` and 64 hexadecimal digits. */
const SIGNATURE_FORM = /^v0=[0-9a-f]{64}$/;

type SignatureHeaders = { timestamp: string | undefined; signature: string | undefined };

/**
 * Whether a request's headers could be Slack's, before its body is read: a timestamp of whole
 * seconds within 5 minutes of `now` (a replayed request is refused) and a signature of the v0
 * form. A request that fails this is refused without reading its body.
 */
export function hasFreshSignatureHeaders(headers: SignatureHeaders, now: Date): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (!SIGNATURE_FORM.test(signature)) return false;
  return Math.abs(now.getTime() / 1000 - Number(timestamp)) <= SIGNATURE_MAX_AGE_SECONDS;
}

/**
 * Whether a request comes from Slack: its headers pass `hasFreshSignatureHeaders` and
 * `X-Slack-Signature` is the v0 signature of that timestamp and the raw body, compared in
 * constant time.
 */
export function isSignedBySlack(
  signingSecret: string,
  headers: SignatureHeaders,
  body: Buffer,
  now: Date,
): boolean {
  if (!hasFreshSignatureHeaders(headers, now)) return false;
  const expected = Buffer.from(slackSignature(signingSecret, headers.timestamp!, body), 'utf8');
  const given = Buffer.from(headers.signature!, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
