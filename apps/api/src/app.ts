import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { SESSION_MARK_SCRIPT, type ClassItem, type ComingUpItem } from '@app/contracts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { registerErrorHandler, replyToClientError } from './errors.ts';
import { frameworkErrors, rejectNulCharacters, tooDeepError } from './plugins/bad-input.ts';
import { type HandlerTracker, trackHandlers } from './plugins/in-flight.ts';
import { compressReplies, cspHashOf, serveWebApp } from './plugins/web-delivery.ts';
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
import { AnsweringRepository } from './features/answering/answering.repository.ts';
import { configuredAnswerer } from './features/answering/openai.ts';
import { ChatRepository } from './features/chat/chat.repository.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { ChatService } from './features/chat/chat.service.ts';
import { contactRequestsRoutes } from './features/chat/contact-requests.routes.ts';
import { ContactRequestsService } from './features/chat/contact-requests.service.ts';
import { ContactRepository } from './features/chat/contact.repository.ts';
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
import { ConversationsRepository } from './features/conversations/conversations.repository.ts';
import { conversationsRoutes } from './features/conversations/conversations.routes.ts';
import { ConversationsService } from './features/conversations/conversations.service.ts';
import { createExtractor } from './features/extraction/index.ts';
import { AssistantCheckRepository } from './features/assistant-check/assistant-check.repository.ts';
import { assistantCheckRoutes } from './features/assistant-check/assistant-check.routes.ts';
import { CarryOverRepository } from './features/class-copy/carry-over.repository.ts';
import { carryOverRoutes } from './features/class-copy/carry-over.routes.ts';
import { CarryOverService } from './features/class-copy/carry-over.service.ts';
import { AssistantCheckService } from './features/assistant-check/assistant-check.service.ts';
import { StandardWordings } from './features/assistant-check/standard-wordings.ts';
import { datesRoutes } from './features/dates/dates.routes.ts';
import { DatesService } from './features/dates/dates.service.ts';
import { FactsRepository } from './features/facts/facts.repository.ts';
import { factsRoutes } from './features/facts/facts.routes.ts';
import { FactsService } from './features/facts/facts.service.ts';
import { HealthRepository } from './features/health/health.repository.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { HealthService } from './features/health/health.service.ts';
import { HousekeepingRepository } from './features/housekeeping/housekeeping.repository.ts';
import { HOUSEKEEPING_PERIOD_MS, pruneExpiredRows } from './features/housekeeping/housekeeping.ts';
import { ScheduleRepository } from './features/housekeeping/schedule.repository.ts';
import { scheduleAcrossInstances } from './features/housekeeping/schedule.ts';
import { EmailRepository } from './features/mail/email.repository.ts';
import { Mailer } from './features/mail/mailer.ts';
import { RetrievalRepository } from './features/retrieval/retrieval.repository.ts';
import { RetrievalService } from './features/retrieval/retrieval.service.ts';
import { TrialRepository } from './features/trial/trial.repository.ts';
import { trialRoutes } from './features/trial/trial.routes.ts';
import { TrialService } from './features/trial/trial.service.ts';
import { OAuthStateSigner } from './features/slack/oauth-state.ts';
import { SlackApi } from './features/slack/slack-api.ts';
import { slackInboundRoutes } from './features/slack/slack-inbound.routes.ts';
import { SLACK_EVENT_JOB, SlackInboundService } from './features/slack/slack-inbound.service.ts';
import { SlackMaterialService } from './features/slack/slack-material.service.ts';
import { SlackRepository } from './features/slack/slack.repository.ts';
import { slackPublicRoutes, slackRoutes } from './features/slack/slack.routes.ts';
import { SlackService } from './features/slack/slack.service.ts';
import { TokenCipher } from './features/slack/token-cipher.ts';
import { RateLimitRepository } from './features/ratelimit/rate-limit.repository.ts';
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
    // a request Node cannot read (a body cut short of its Content-Length…): the error shape too
    clientErrorHandler: replyToClientError,
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
        // the web app's one inline script, by its hash (contracts' SESSION_MARK_SCRIPT)
        scriptSrc: ["'self'", cspHashOf(SESSION_MARK_SCRIPT), 'https://js.stripe.com'],
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

  // The built SPA and the fallback for page routes. Before compression, which attaches itself to
  // each route added after it: the SPA's files come compressed from the build.
  await serveWebApp(app, deps.webDist);
  await compressReplies(app);

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

  // Repositories: all the SQL, each over the pool (DESIGN §3). The content repository comes with
  // the services below: it stores an item's facts with its chunks, in one transaction, through
  // the facts service.
  const repos = {
    analytics: new AnalyticsRepository(db),
    assistantCheck: new AssistantCheckRepository(db),
    answering: new AnsweringRepository(db),
    auth: new AuthRepository(db),
    billing: new BillingRepository(db),
    chat: new ChatRepository(db),
    classes: new ClassesRepository(db),
    contact: new ContactRepository(db),
    conversations: new ConversationsRepository(db),
    emails: new EmailRepository(db),
    facts: new FactsRepository(db),
    health: new HealthRepository(db),
    housekeeping: new HousekeepingRepository(db),
    rateLimits: new RateLimitRepository(db),
    retrieval: new RetrievalRepository(db),
    schedule: new ScheduleRepository(db),
    slack: new SlackRepository(db),
    trial: new TrialRepository(db),
  };

  // Outside services and shared helpers.
  const provider: PaymentProvider = config.stripe
    ? new StripePaymentProvider(createStripeClient(config.stripe), config.stripe)
    : new LocalPaymentProvider();
  app.log.info(
    { provider: provider.name },
    `payments: ${provider.name === 'stripe' ? 'Stripe' : 'demo mode, no card is charged'}`,
  );
  const mailer = new Mailer({
    repo: repos.emails,
    log: app.log,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
  });
  // e-mails sent after their reply: shutdown and tests wait for them
  app.decorate('drainMail', () => mailer.drain());
  const limiter = new RateLimiter({ repo: repos.rateLimits });
  const extractor = createExtractor();
  const jobs = new JobQueue(db, app.log);

  // Services: the rules, each given one deps object (repositories, other services, settings).
  const auth = new AuthService({
    repo: repos.auth,
    limiter,
    signer: new TokenSigner(deps.jwtSecret, config.accessTokenTtlSeconds),
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
  });
  const billing = new BillingService({
    repo: repos.billing,
    provider,
    addonPriceCents: config.addonPriceCents,
    log: app.log,
    now: deps.now,
    countClasses:
      deps.countClasses ?? ((userId, season) => repos.classes.countInSeason(userId, season)),
    countClassesPerSeason: (userId) => repos.classes.countPerSeason(userId),
  });
  const classes = new ClassesService({
    repo: repos.classes,
    billing,
    // the dates service reads the facts, which need the classes service: called once both exist
    nextDates: (items: ClassItem[]): Promise<Map<string, ComingUpItem>> => dates.nextDates(items),
  });
  const facts = new FactsService({ repo: repos.facts, classes });
  const contentRepo = new ContentRepository(db, facts);
  const dates: DatesService = new DatesService({
    facts,
    classes,
    now: deps.now,
    today: config.assistantToday,
  });
  const answerer = configuredAnswerer({
    retrieval: new RetrievalService(repos.retrieval),
    facts,
    usage: repos.answering,
    config,
    log: app.log,
    now: deps.now,
    today: (classId) => dates.todayLine(classId),
  });
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
  });
  const standardWordings = new StandardWordings(repos.assistantCheck);
  const chat = new ChatService({
    repo: repos.chat,
    limiter,
    answerer,
    standard: standardWordings,
    dates,
    questionsPerMinute: config.chatRateLimitPerMinute,
  });
  const assistantCheck = new AssistantCheckService({
    repo: repos.assistantCheck,
    standard: standardWordings,
    classes,
    answer: (classId, question, options) =>
      options?.material
        ? chat.answerFromMaterial(classId, question)
        : chat.answer(classId, question),
  });
  const carryOver = new CarryOverService({
    repo: new CarryOverRepository(db),
    facts,
    checks: assistantCheck,
    classes,
    createText: (teacherId, input, also) => content.createText(teacherId, input, also),
  });
  const teacherChat = new TeacherChatService({ repo: repos.chat, limiter, chat });
  const contact = new ContactService({
    repo: repos.contact,
    limiter,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
  });
  const conversations = new ConversationsService({
    repo: repos.conversations,
    classes,
    content,
  });
  const contactRequests = new ContactRequestsService({
    repo: repos.contact,
    classes,
    conversations,
    mailer,
    log: app.log,
  });
  const analytics = new AnalyticsService({
    repo: repos.analytics,
    conversations,
    classes,
    now: deps.now,
  });
  const trial = new TrialService({
    repo: repos.trial,
    content,
    limiter,
    answerer,
    extractor,
    sessionsPerDay: config.trialSessionsPerDay,
    now: deps.now,
  });
  const health = new HealthService({ repo: repos.health });
  const slackApp = config.slack
    ? {
        clientId: config.slack.clientId,
        signingSecret: config.slack.signingSecret,
        oauthUrl: config.slack.oauthUrl,
        api: new SlackApi(config.slack),
        cipher: new TokenCipher(config.slack.clientSecret),
      }
    : undefined;
  const slack = new SlackService({
    repo: repos.slack,
    classes,
    states: new OAuthStateSigner(deps.jwtSecret, deps.now),
    app: slackApp,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const slackInbound = new SlackInboundService({
    repo: repos.slack,
    slack,
    classes,
    chat,
    material: slackApp
      ? new SlackMaterialService({ repo: repos.slack, content, app: slackApp, log: app.log })
      : undefined,
    jobs,
    app: slackApp,
    log: app.log,
    concurrency: config.jobConcurrency,
    now: deps.now,
  });

  const stops: (() => void)[] = [];
  // each runs once per period across all instances sharing the database
  const every = (name: string, periodMs: number, job: () => Promise<unknown>) =>
    stops.push(scheduleAcrossInstances(repos.schedule, app.log, name, periodMs, job));
  app.addHook('onReady', async () => {
    jobs.startWhenPossible([CONTENT_JOB, SLACK_EVENT_JOB], async () => {
      await processor.start();
      await slackInbound.start();
    });
    every('housekeeping', HOUSEKEEPING_PERIOD_MS, async () => {
      const deleted = await pruneExpiredRows(repos.housekeeping, config.retention);
      app.log.debug({ deleted }, 'housekeeping done');
    });
    // demo subscriptions end their trial and renew by the clock (Stripe tells us by webhook)
    every('billing-lifecycle', 5 * 60_000, () => billing.applyLocalLifecycle());
    // used install states are kept only until they would have expired anyway
    every('slack-oauth-states', HOUSEKEEPING_PERIOD_MS, () => slack.pruneExpiredStates());
    // Slack retries an event for about an hour: its id is kept a week to recognize it
    every('slack-events', HOUSEKEEPING_PERIOD_MS, () => slackInbound.pruneEvents());
    // a class the wizard left unfinished is kept a week after it was last changed
    every('class-drafts', HOUSEKEEPING_PERIOD_MS, async () => {
      const n = await classes.deleteAbandonedDrafts(deps.now?.());
      if (n) app.log.info({ deleted: n }, 'abandoned class drafts deleted');
    });
    // trial sessions end after 24 hours; their documents go with them
    every('trial-cleanup', 10 * 60_000, async () => {
      const n = await trial.deleteExpired();
      if (n) app.log.info({ deleted: n }, 'expired trial sessions deleted');
    });
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
      await api.register(healthRoutes(health));
      await api.register(authRoutes(auth));
      await api.register(billingRoutes(billing, auth));
      await api.register(stripeWebhookRoutes(billing));
      await api.register(classesRoutes(classes, auth));
      await api.register(contentRoutes(content, auth));
      await api.register(factsRoutes(facts, auth));
      await api.register(assistantCheckRoutes(assistantCheck, auth));
      await api.register(carryOverRoutes(carryOver, auth));
      await api.register(datesRoutes(dates, auth));
      await api.register(chatRoutes(chat));
      await api.register(trialRoutes(trial));
      await api.register(contactRoutes(contact));
      await api.register(teacherChatRoutes(teacherChat, auth));
      await api.register(contactRequestsRoutes(contactRequests, auth));
      await api.register(conversationsRoutes(conversations, auth));
      await api.register(analyticsRoutes(analytics, auth));
      await api.register(slackPublicRoutes(slack, config.publicUrl));
      await api.register(slackRoutes(slack, auth));
      await api.register(slackInboundRoutes(slackInbound));
    },
    { prefix: '/api' },
  );

  return app;
}

/**
 * `Content-Type: application/json` with no body (as curl and many clients send on a POST that
 * takes nothing, such as Mark Responded) is fine on a route without a body schema; a route that
 * needs a body still answers 422 "Request body is required". A body nested deeper than
 * MAX_JSON_DEPTH is a 422 before it is parsed, so no route or hook ever walks one.
 */
function acceptEmptyJsonOnBodylessRoutes(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' && !req.routeOptions.schema?.body) return done(null, undefined);
    const tooDeep = tooDeepError(body as string);
    if (tooDeep) return done(tooDeep, undefined);
    return parseJson(req, body as string, done);
  });
}
