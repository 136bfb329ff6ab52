import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      smtpUrl: undefined,
    });
  });

  it('treats empty strings as unset and strips a trailing slash from PUBLIC_URL', () => {
    const c = loadConfig({
      DATABASE_URL: '',
      SMTP_URL: ' ',
      PUBLIC_URL: 'https://ta.example.edu/',
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.publicUrl).toBe('https://ta.example.edu');
  });

  it('fails fast listing every bad key', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'abc',
        JWT_SECRET: 'short',
        TRUST_PROXY: 'maybe',
        DATABASE_URL: 'not a url',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const msg = (err as Error).message;
      for (const key of ['PORT', 'JWT_SECRET', 'TRUST_PROXY', 'DATABASE_URL'])
        expect(msg).toContain(key);
    }
  });
});
