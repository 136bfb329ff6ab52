import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOf } from './config.ts';

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

describe('payment settings', () => {
  it('uses demo payments with no Stripe keys and the default add-on price', () => {
    expect(loadConfig({})).toMatchObject({ stripe: undefined, addonPriceCents: 600 });
  });

  it('turns Stripe on with both keys and a price', () => {
    const c = loadConfig({
      STRIPE_SECRET_KEY: 'sk_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_x',
      STRIPE_PRICE_TEACHER: 'price_x',
      ADDON_CLASS_PRICE_USD: '7.5',
    });
    expect(c.stripe).toMatchObject({
      secretKey: 'sk_x',
      publishableKey: 'pk_x',
      priceTeacher: 'price_x',
    });
    expect(c.addonPriceCents).toBe(750);
  });

  it('refuses one Stripe key without the other, or keys without a price', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_x' })).toThrow(/set both/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_PUBLISHABLE_KEY: 'pk_x' })).toThrow(
      /STRIPE_PRICE_TEACHER/,
    );
  });

  it('reads TRUST_PROXY as none, a number of proxies or their addresses', () => {
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('true')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.1, 10.1.0.0/16, ::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(trustProxyOf('maybe')).toBeUndefined();
    expect(trustProxyOf('10.0.0.1, proxy.local')).toBeUndefined();
  });
});
