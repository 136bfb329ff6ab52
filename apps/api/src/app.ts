import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { registerErrorHandler } from './errors.ts';
import { frameworkErrors, rejectNulCharacters } from './plugins/bad-input.ts';
import { type HandlerTracker, trackHandlers } from './plugins/in-flight.ts';
import { AuthRepository } from './features/auth/auth.repository.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { AuthService } from './features/auth/auth.service.ts';
import { TokenSigner } from './features/auth/tokens.ts';
import { billingRoutes, stripeWebhookRoutes } from './features/billing/billing.routes.ts';
import { BillingRepository } from './features/billing/billing.repository.ts';
import { BillingService } from './features/billing/billing.service.ts';
import { LocalPaymentProvider } from './features/billing/providers/local-provider.ts';
import type { PaymentProvider } from './features/billing/providers/payment-provider.ts';
import {
  createStripeClient,
  StripePaymentProvider,
} from './features/billing/providers/stripe-provider.ts';
import { AnalyticsRepository } from './features/analytics/analytics.repository.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { AnalyticsService } from './features/analytics/analytics.service.ts';
import { configuredAnswerer } from './features/answering/openai.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { ChatService } from './features/chat/chat.service.ts';
import { contactRequestsRoutes } from './features/chat/contact-requests.routes.ts';
import { ContactRequestsService } from './features/chat/contact-requests.service.ts';
import { contactRoutes } from './features/chat/contact.routes.ts';
import { ContactService } from './features/chat/contact.service.ts';
import { teacherChatRoutes } from './features/chat/teacher-chat.routes.ts';
import { TeacherChatService } from './features/chat/teacher-chat.service.ts';
import { ClassesRepository } from './features/classes/classes.repository.ts';
import { classesRoutes } from './features/classes/classes.routes.ts';
import { ClassesService } from './features/classes/classes.service.ts';
import { ContentRepository } from './features/content/content.repository.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { ContentService } from './features/content/content.service.ts';
import { CONTENT_JOB, ContentProcessor } from './features/content/content-processing.ts';
import { JobQueue } from './features/jobs/job-queue.ts';
import { conversationsRoutes } from './features/conversations/conversations.routes.ts';
import { ConversationsService } from './features/conversations/conversations.service.ts';
import { createExtractor } from './features/extraction/index.ts';
import { FactsRepository } from './features/facts/facts.repository.ts';
import { factsRoutes } from './features/facts/facts.routes.ts';
import { FactsService } from './features/facts/facts.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { HOUSEKEEPING_PERIOD_MS, pruneExpiredRows } from './features/housekeeping/housekeeping.ts';
import { scheduleAcrossInstances } from './features/housekeeping/schedule.ts';
import { Mailer } from './features/mail/mailer.ts';
import { trialRoutes } from './features/trial/trial.routes.ts';
import { TrialService } from './features/trial/trial.service.ts';
import { RateLimiter } from './features/ratelimit/rate-limiter.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  jwtSecret: string;
  logger: FastifyBaseLogger;
  /** the built SPA; omitted in API tests */
  webDist?: string;
  /** tests stand the billing clock on season boundaries */
  now?: () => Date;
  /** classes a teacher has in a season (the classes feature provides the real one) */
  countClasses?: (userId: string, seasonName: string) => Promise<number>;
  /** the server's shutdown waits on it for handlers whose client already hung up */
  handlers?: HandlerTracker;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** resolves when every e-mail sent after its reply has been sent or has failed */
    drainMail(): Promise<void>;
  }
}

/** How long shutdown lets running jobs finish before handing them back to the queue. */
const JOBS_SHUTDOWN_WAIT_MS = 8_000;

/** A request id taken from `X-Request-Id`: a UUID or a proxy's token, nothing that could forge log lines. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Builds the whole HTTP app. Never listens: the server and the tests call this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const { trustProxy } = config;
  const app = Fastify({
    loggerInstance: deps.logger,
    // a hop count: believe that many proxies nearest to us (Fastify's function form of it)
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors,
    // unique across instances and restarts; a proxy's or client's own id is kept when sane
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  acceptEmptyJsonOnBodylessRoutes(app);
  rejectNulCharacters(app);
  if (deps.handlers) trackHandlers(app, deps.handlers);

  // Responses finished during shutdown close their keep-alive connection, so close() can end.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // a browser on plain HTTP (a LAN address, no TLS) would be sent to https and fail
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Syllabot API',
        version: '1.0.0',
        description: 'Course-grounded AI teaching assistant',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const mailer = new Mailer(db, app.log, config.mailFrom, config.smtpUrl);
  // e-mails sent after their reply: shutdown and tests wait for them
  app.decorate('drainMail', () => mailer.drain());
  const auth = new AuthService({
    repo: new AuthRepository(db),
    limiter: new RateLimiter(db),
    signer: new TokenSigner(deps.jwtSecret, config.accessTokenTtlSeconds),
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
  });
  const provider: PaymentProvider = config.stripe
    ? new StripePaymentProvider(createStripeClient(config.stripe), config.stripe)
    : new LocalPaymentProvider();
  const classesRepo = new ClassesRepository(db);
  const billing = new BillingService({
    repo: new BillingRepository(db),
    provider,
    addonPriceCents: config.addonPriceCents,
    log: app.log,
    now: deps.now,
    countClasses:
      deps.countClasses ?? ((userId, season) => classesRepo.countInSeason(userId, season)),
  });
  const classes = new ClassesService(classesRepo, billing);
  const extractor = createExtractor();
  const jobs = new JobQueue(db, app.log);
  const contentRepo = new ContentRepository(db);
  const processor = new ContentProcessor({
    repo: contentRepo,
    extractor,
    jobs,
    log: app.log,
    concurrency: config.jobConcurrency,
  });
  const content = new ContentService({
    repo: contentRepo,
    classes,
    extractor,
    jobs,
    processor,
    uploadWaitMs: config.uploadWaitMs,
  });
  app.log.info(
    { provider: provider.name },
    `payments: ${provider.name === 'stripe' ? 'Stripe' : 'demo mode, no card is charged'}`,
  );

  const answerer = configuredAnswerer(config, db, app.log, deps.now);
  const trial = new TrialService(db, answerer, extractor, {
    sessionsPerDay: config.trialSessionsPerDay,
    now: deps.now,
  });

  const stops: (() => void)[] = [];
  app.addHook('onReady', async () => {
    jobs.startWhenPossible([CONTENT_JOB], () => processor.start());
    // each runs once per period across all instances sharing the database
    stops.push(
      scheduleAcrossInstances(db, app.log, 'housekeeping', HOUSEKEEPING_PERIOD_MS, async () => {
        const deleted = await pruneExpiredRows(db, config.retention);
        app.log.debug({ deleted }, 'housekeeping done');
      }),
      // demo subscriptions end their trial and renew by the clock (Stripe tells us by webhook)
      scheduleAcrossInstances(db, app.log, 'billing-lifecycle', 5 * 60_000, () =>
        billing.applyLocalLifecycle(),
      ),
      // trial sessions end after 24 hours; their documents go with them
      scheduleAcrossInstances(db, app.log, 'trial-cleanup', 10 * 60_000, async () => {
        const n = await trial.deleteExpired();
        if (n) app.log.info({ deleted: n }, 'expired trial sessions deleted');
      }),
    );
  });
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
    await mailer.drain();
    mailer.close();
    // a file still being read after this is handed back and read again by the next instance
    await jobs.stop(JOBS_SHUTDOWN_WAIT_MS);
    await extractor.close();
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(db));
      await api.register(authRoutes(auth));
      await api.register(billingRoutes(billing, auth));
      await api.register(stripeWebhookRoutes(billing));
      await api.register(classesRoutes(classes, auth));
      await api.register(contentRoutes(content, auth));
      await api.register(factsRoutes(new FactsService(new FactsRepository(db), classes), auth));
      const chat = new ChatService(db, answerer, config.chatRateLimitPerMinute);
      await api.register(chatRoutes(chat));
      await api.register(trialRoutes(trial));
      await api.register(contactRoutes(new ContactService(db, mailer, app.log, config.publicUrl)));
      await api.register(teacherChatRoutes(new TeacherChatService(db, chat), auth));
      await api.register(
        contactRequestsRoutes(new ContactRequestsService(db, classes, mailer, app.log), auth),
      );
      await api.register(conversationsRoutes(new ConversationsService(db, classes, content), auth));
      await api.register(
        analyticsRoutes(new AnalyticsService(new AnalyticsRepository(db), classes, deps.now), auth),
      );
    },
    { prefix: '/api' },
  );

  const webDist =
    deps.webDist && existsSync(path.join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api') && webDist;
    if (isPage) {
      // SPA fallback: the client router shows the SPEC route or redirects unknown paths to /.
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', webDist, { maxAge: 0 });
    }
    return reply.status(404).send({
      success: false,
      detail: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    });
  });

  return app;
}

/**
 * `Content-Type: application/json` with no body (as curl and many clients send on a POST that
 * takes nothing, such as Mark Responded) is fine on a route without a body schema; a route that
 * needs a body still answers 422 "Request body is required".
 */
function acceptEmptyJsonOnBodylessRoutes(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' && !req.routeOptions.schema?.body) return done(null, undefined);
    return parseJson(req, body as string, done);
  });
}
