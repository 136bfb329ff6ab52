import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addonPaymentDataSchema,
  addonQuerySchema,
  billingUsageSchema,
  classCreationCheckSchema,
  classCreationQuerySchema,
  createTrialRequestSchema,
  historyQuerySchema,
  historySchema,
  paymentSetupSchema,
  pricingSchema,
  purchaseAddonRequestSchema,
  seasonSchema,
  subscriptionSchema,
  trialSubscriptionSchema,
} from '@app/contracts';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { bearer, ok, teacherOf } from '../../plugins/route-helpers.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { BillingService } from './billing.service.ts';
import type { StripePaymentProvider } from './providers/stripe-provider.ts';

const tags = ['billing'];

export const billingRoutes =
  (billing: BillingService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireAuth(auth);

    app.get('/billing/usage', {
      schema: {
        tags,
        summary: 'Plan, season and class allowance',
        security: bearer,
        response: { 200: ok(billingUsageSchema) },
      },
      onRequest: guard,
      handler: async (req) => ({
        success: true as const,
        data: await billing.usage(teacherOf(req)),
      }),
    });

    app.get('/billing/validate-class-creation', {
      schema: {
        tags,
        summary:
          "Whether a new class fits its season's allowance (the semester and year given, else this season), and its cost",
        security: bearer,
        querystring: classCreationQuerySchema,
        response: { 200: ok(classCreationCheckSchema) },
      },
      onRequest: guard,
      handler: async (req) => ({
        success: true as const,
        data: await billing.validateClassCreation(teacherOf(req), req.query),
      }),
    });

    app.get('/billing/pricing', {
      schema: { tags, summary: 'The plans and their prices', response: { 200: ok(pricingSchema) } },
      handler: async () => ({ success: true as const, data: billing.pricing() }),
    });

    app.get('/billing/current-season', {
      schema: {
        tags,
        summary: 'The season (semester) billing counts in now',
        response: { 200: ok(seasonSchema) },
      },
      handler: async () => ({ success: true as const, data: billing.currentSeason() }),
    });

    app.get('/billing/subscription', {
      schema: {
        tags,
        summary: "The teacher's subscription",
        security: bearer,
        response: { 200: ok(subscriptionSchema) },
      },
      onRequest: guard,
      handler: async (req) => ({
        success: true as const,
        data: await billing.subscription(teacherOf(req)),
      }),
    });

    app.get('/billing/history', {
      schema: {
        tags,
        summary: 'Payment history, newest first',
        security: bearer,
        querystring: historyQuerySchema,
        response: { 200: ok(historySchema) },
      },
      onRequest: guard,
      handler: async (req) => ({
        success: true as const,
        data: await billing.history(teacherOf(req), req.query.page, req.query.per_page),
      }),
    });

    app.get('/billing/payment/stripe-data', {
      schema: {
        tags,
        summary: 'What the card form needs: provider and publishable key',
        security: bearer,
        response: { 200: ok(paymentSetupSchema) },
      },
      onRequest: guard,
      handler: async () => ({ success: true as const, data: billing.paymentSetup() }),
    });

    app.get('/billing/payment/addon-payment-data', {
      schema: {
        tags,
        summary: 'Price and availability of add-on classes',
        security: bearer,
        querystring: addonQuerySchema,
        response: { 200: ok(addonPaymentDataSchema) },
      },
      onRequest: guard,
      handler: async (req) => ({
        success: true as const,
        data: await billing.addonPaymentData(teacherOf(req), req.query.class_count),
      }),
    });

    app.post('/billing/payment/create-trial-subscription', {
      schema: {
        tags,
        summary: 'Start the Teacher plan with a card (3-day trial)',
        security: bearer,
        body: createTrialRequestSchema,
        response: { 201: ok(trialSubscriptionSchema) },
      },
      onRequest: guard,
      handler: async (req, reply) =>
        reply.status(201).send({
          success: true as const,
          data: await billing.createTrialSubscription(teacherOf(req), req.body),
        }),
    });

    app.post('/billing/payment/purchase-addon', {
      schema: {
        tags,
        summary:
          'Buy one add-on class for a season (this one unless named) once its included classes are used; not for a cancelled plan',
        security: bearer,
        body: purchaseAddonRequestSchema,
        response: { 200: ok(billingUsageSchema) },
      },
      onRequest: guard,
      handler: async (req) => ({
        success: true as const,
        data: await billing.purchaseAddon(
          teacherOf(req),
          req.body.class_count,
          req.body.season_name,
        ),
      }),
    });

    app.post('/billing/cancel', {
      schema: {
        tags,
        summary: 'Cancel at the end of the trial or paid period',
        security: bearer,
        response: { 200: ok(subscriptionSchema) },
      },
      onRequest: guard,
      handler: async (req) => ({
        success: true as const,
        data: await billing.cancel(teacherOf(req)),
      }),
    });

    app.post('/billing/resume', {
      schema: {
        tags,
        summary: 'Take back a cancellation before the period ends (409 when nothing to resume)',
        security: bearer,
        response: { 200: ok(subscriptionSchema) },
      },
      onRequest: guard,
      handler: async (req) => ({
        success: true as const,
        data: await billing.resume(teacherOf(req)),
      }),
    });
  };

/** Stripe's webhook: the signature covers the raw body, so this scope keeps the body as bytes. */
export const stripeWebhookRoutes =
  (billing: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post('/billing/webhook', {
      schema: { tags, summary: 'Stripe events (signed)', hide: false },
      handler: async (req) => {
        if (billing.provider.name !== 'stripe')
          throw new AppError('NOT_FOUND', 'Stripe is not configured');
        const provider = billing.provider as StripePaymentProvider;
        const raw = req.body as Buffer;
        if (!Buffer.isBuffer(raw)) throw new AppError('WEBHOOK_INVALID', 'Expected a JSON body');
        const event = provider.verifyWebhook(
          raw,
          req.headers['stripe-signature'] as string | undefined,
        );
        const outcome = await billing.handleStripeEvent(event);
        req.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event');
        return { received: true, outcome };
      },
    });
  };
