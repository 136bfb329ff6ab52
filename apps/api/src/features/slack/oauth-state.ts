import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';

/** How long an install link stays usable. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export type OAuthState = { id: string; teacherId: string; expiresAt: Date };

/**
 * The OAuth `state` of an install: `<base64url(JSON {sid, tid, exp})>.<base64url(HMAC-SHA256)>`,
 * signed with a key derived (HKDF-SHA256) from the app's JWT secret, so it names the teacher who
 * asked and cannot be forged or altered. It expires after 10 minutes; single use is the
 * repository's (the ids of used states are stored).
 */
export class OAuthStateSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'syllabot/slack', 'oauth-state/v1', 32));
  }

  sign(teacherId: string): string {
    const payload = Buffer.from(
      JSON.stringify({
        sid: randomUUID(),
        tid: teacherId,
        exp: this.now().getTime() + OAUTH_STATE_TTL_MS,
      }),
    ).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The state's contents when its signature is ours and it has not expired; undefined otherwise. */
  verify(state: string): OAuthState | undefined {
    const [payload, mac, extra] = state.split('.');
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const { sid, tid, exp } = (parsed ?? {}) as Record<string, unknown>;
    if (typeof sid !== 'string' || typeof tid !== 'string' || typeof exp !== 'number')
      return undefined;
    if (exp <= this.now().getTime()) return undefined;
    return { id: sid, teacherId: tid, expiresAt: new Date(exp) };
  }

  private mac(payload: string) {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
