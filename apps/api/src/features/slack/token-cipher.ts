import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Bot tokens at rest: AES-256-GCM with a 256-bit key derived by HKDF-SHA256 from
 * SLACK_CLIENT_SECRET (salt and info fixed below), a random 96-bit IV per token, the workspace's
 * Slack team id as additional authenticated data (a token copied onto another workspace's row does
 * not decrypt). Stored as `v1.<base64url(iv | tag | ciphertext)>`.
 *
 * Rotating the client secret makes every stored token unreadable: each workspace must then
 * reinstall the app (README, Team chat).
 */
export class TokenCipher {
  private readonly key: Buffer;

  constructor(clientSecret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', clientSecret, 'syllabot/slack', 'bot-token-encryption/v1', 32),
    );
  }

  encrypt(token: string, teamId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(teamId, 'utf8'));
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  /** The token, or undefined when it was sealed with another key (the client secret changed). */
  decrypt(stored: string, teamId: string): string | undefined {
    const [version, payload] = stored.split('.');
    if (version !== VERSION || !payload) return undefined;
    const raw = Buffer.from(payload, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(teamId, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
