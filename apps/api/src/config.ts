import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_MIN_CONFIDENCE } from './features/answering/confidence.ts';

/**
 * The only reader of process.env. Every variable is listed in README.md and .env.example.
 * An invalid value stops the server at start with a list of every bad key.
 */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.string().url().optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  // long enough for the heaviest report (analytics over a year), short enough that a runaway
  // query cannot hold a connection for good
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  PUBLIC_URL: optionalString.pipe(z.string().url().optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const parsed = trustProxyOf(v);
      if (parsed === undefined)
        ctx.addIssue({
          code: 'custom',
          message: 'false, true (one proxy), a number of proxies, or their addresses (a, b/24)',
        });
      return parsed ?? false;
    }),
  SMTP_URL: optionalString.pipe(z.string().url().optional()),
  MAIL_FROM: z.string().min(3).default('Syllabot <no-reply@syllabot.local>'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_TEACHER: optionalString,
  STRIPE_API_URL: optionalString.pipe(z.string().url().optional()),
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_API_URL: optionalString.pipe(z.string().url().optional()),
  SLACK_OAUTH_URL: optionalString.pipe(z.string().url().optional()),
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  ASSISTANT_TODAY: optionalString.pipe(
    z
      .string()
      .regex(
        /^(\d{4}-\d{2}-\d{2}|term\+\d{1,3})$/,
        'ASSISTANT_TODAY is a day (YYYY-MM-DD) or term+N (the Nth day of each class’s term)',
      )
      .optional(),
  ),
  TRIAL_SESSIONS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
  ADDON_CLASS_PRICE_USD: z.coerce.number().min(0.5).max(1000).default(6),
  LLM_PROVIDER: z.enum(['extractive', 'openai']).default('extractive'),
  ANSWER_MIN_CONFIDENCE: z.coerce.number().min(0).max(1).default(DEFAULT_MIN_CONFIDENCE),
  OPENAI_BASE_URL: optionalString.pipe(z.string().url().optional()),
  OPENAI_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  LLM_DAILY_TOKEN_BUDGET_PER_CLASS: z.coerce.number().int().min(0).default(200_000),
  // from a few of the largest chunks (~2,000 characters each) to a long prompt
  LLM_CONTEXT_CHARS: z.coerce.number().int().min(4_000).max(100_000).default(12_000),
  // days kept; 0 keeps for good (conversations: two academic years of history by default)
  RETENTION_CONVERSATIONS_DAYS: z.coerce.number().int().min(0).max(36_500).default(730),
  RETENTION_EMAILS_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  RETENTION_SESSIONS_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  // uploads this instance reads at once (0: it reads none; other instances on the database do)
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** connections each instance may hold */
  databasePoolSize: number;
  /** PostgreSQL cancels a statement running longer (0: never) */
  databaseStatementTimeoutMs: number;
  publicUrl: string;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** which proxies' X-Forwarded-For to believe: none, a hop count, or their addresses */
  trustProxy: false | number | string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** background jobs (uploads to read) this instance runs at once; 0 runs none */
  jobConcurrency: number;
  /** days conversations, sent e-mails and revoked sessions are kept (0: for good) */
  retention: { conversationsDays: number; emailsDays: number; sessionsDays: number };
  /** set when both Stripe keys are: card payments go through Stripe, otherwise the local demo provider */
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        priceTeacher: string;
        apiUrl: string | undefined;
      }
    | undefined;
  /** set when the three Slack app keys are: the team-chat integration is available */
  slack:
    | {
        clientId: string;
        clientSecret: string;
        signingSecret: string;
        /** the Web API base, ending in `/` */
        apiUrl: string;
        /** the authorize page of OAuth v2 */
        oauthUrl: string;
      }
    | undefined;
  addonPriceCents: number;
  /** questions one client address may ask per minute (a class takes 10× that) */
  chatRateLimitPerMinute: number;
  /** the day every class takes as today (YYYY-MM-DD, or term+N: evaluations); unset: the real day */
  assistantToday: string | undefined;
  /** new no-signup trial sessions one client address may start per day */
  trialSessionsPerDay: number;
  /** below this confidence (0–1) a reply says the material does not cover the question */
  answerMinConfidence: number;
  /** set when LLM_PROVIDER=openai: answers come from that chat API, the extractive answer is the fallback */
  openai:
    | {
        apiKey: string;
        baseUrl: string;
        model: string;
        timeoutMs: number;
        dailyTokenBudgetPerClass: number;
        /** characters of class material (fact sheet and passages) sent with each question */
        contextChars: number;
      }
    | undefined;
};

export class ConfigError extends Error {}

const ADDRESS = /^[0-9a-f.:]+(\/\d{1,3})?$/i;

/**
 * TRUST_PROXY in Fastify's trustProxy forms. `true` means one proxy (the reverse proxy in front):
 * the client address is the one that proxy saw, never the left-most X-Forwarded-For entry, which a
 * client can write itself. Undefined when the value is none of these.
 */
export function trustProxyOf(value: string): false | number | string[] | undefined {
  const v = value.trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(v)) return false;
  if (['true', 'yes'].includes(v)) return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const addresses = v.split(',').map((a) => a.trim());
  if (addresses.every((a) => ADDRESS.test(a) && isIP(a.split('/')[0]!))) return addresses;
  return undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY].filter(Boolean).length;
  const problems: string[] = [];
  if (stripeKeys === 1)
    problems.push(
      '  STRIPE_SECRET_KEY / STRIPE_PUBLISHABLE_KEY: set both, or neither for demo payments',
    );
  if (stripeKeys === 2 && !e.STRIPE_PRICE_TEACHER)
    problems.push(
      '  STRIPE_PRICE_TEACHER: required with Stripe keys (the price id of the Teacher plan)',
    );
  const slackKeys = {
    SLACK_CLIENT_ID: e.SLACK_CLIENT_ID,
    SLACK_CLIENT_SECRET: e.SLACK_CLIENT_SECRET,
    SLACK_SIGNING_SECRET: e.SLACK_SIGNING_SECRET,
  };
  const slackMissing = Object.keys(slackKeys).filter(
    (k) => !slackKeys[k as keyof typeof slackKeys],
  );
  if (slackMissing.length > 0 && slackMissing.length < 3)
    for (const key of slackMissing)
      problems.push(
        `  ${key}: required with the other Slack keys (set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET, or none)`,
      );
  if (e.LLM_PROVIDER === 'openai' && !e.OPENAI_API_KEY)
    problems.push('  OPENAI_API_KEY: required with LLM_PROVIDER=openai');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    jobConcurrency: e.JOB_CONCURRENCY,
    retention: {
      conversationsDays: e.RETENTION_CONVERSATIONS_DAYS,
      emailsDays: e.RETENTION_EMAILS_DAYS,
      sessionsDays: e.RETENTION_SESSIONS_DAYS,
    },
    stripe:
      stripeKeys === 2
        ? {
            secretKey: e.STRIPE_SECRET_KEY!,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            priceTeacher: e.STRIPE_PRICE_TEACHER!,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    slack:
      slackMissing.length === 0
        ? {
            clientId: e.SLACK_CLIENT_ID!,
            clientSecret: e.SLACK_CLIENT_SECRET!,
            signingSecret: e.SLACK_SIGNING_SECRET!,
            apiUrl: (e.SLACK_API_URL ?? 'https://slack.com/api/').replace(/\/*$/, '/'),
            oauthUrl: e.SLACK_OAUTH_URL ?? 'https://slack.com/oauth/v2/authorize',
          }
        : undefined,
    addonPriceCents: Math.round(e.ADDON_CLASS_PRICE_USD * 100),
    chatRateLimitPerMinute: e.CHAT_RATE_LIMIT_PER_MINUTE,
    assistantToday: e.ASSISTANT_TODAY,
    trialSessionsPerDay: e.TRIAL_SESSIONS_PER_DAY,
    answerMinConfidence: e.ANSWER_MIN_CONFIDENCE,
    openai:
      e.LLM_PROVIDER === 'openai'
        ? {
            apiKey: e.OPENAI_API_KEY!,
            baseUrl: (e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
            model: e.LLM_MODEL ?? 'gpt-4o-mini',
            timeoutMs: e.LLM_TIMEOUT_MS,
            dailyTokenBudgetPerClass: e.LLM_DAILY_TOKEN_BUDGET_PER_CLASS,
            contextChars: e.LLM_CONTEXT_CHARS,
          }
        : undefined,
  };
}
