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

/**
 * Whether a request comes from Slack: `X-Slack-Request-Timestamp` is whole seconds within
 * 5 minutes of `now` (a replayed request is refused) and `X-Slack-Signature` is the v0 signature
 * of that timestamp and the raw body, compared in constant time.
 */
export function isSignedBySlack(
  signingSecret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: Buffer,
  now: Date,
): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(slackSignature(signingSecret, timestamp, body), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
