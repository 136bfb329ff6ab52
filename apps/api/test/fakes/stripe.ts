import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A real, stateful HTTP server on 127.0.0.1 that speaks the small subset of Stripe's v1 REST API the
 * API uses, for the official `stripe` client pointed at it with
 * `new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 })`.
 *
 * Requests are `application/x-www-form-urlencoded` with bracket notation (`items[0][price]=…`); GET and
 * DELETE carry their parameters in the query string. Errors are Stripe-shaped (`{ error: { type, … } }`)
 * so the client raises the matching `Stripe.errors.*` class. Idempotency follows Stripe: a POST with a
 * known `Idempotency-Key` and the same parameters replays the stored response (`idempotent-replayed:
 * true`); different parameters give a 400 `idempotency_error`. Results are stored only once the endpoint
 * ran (2xx and 402 card errors) — validation errors (400/404) and `failNext` injections are not.
 *
 * As in the API version stripe v23 pins (see `Stripe.API_VERSION`), a subscription has no top-level
 * `current_period_start/end`: they live on each item (`items.data[i].current_period_end`).
 */

export type FakeStripeRequest = {
  method: string;
  /** pathname, without the query string */
  path: string;
  /** parsed form body (POST) or parsed query string (GET/DELETE) */
  body: Record<string, unknown>;
  idempotencyKey?: string;
  /** the HTTP status the fake answered with (set once answered) */
  status?: number;
};

export type FakeStripe = {
  url: string;
  port: number;
  secretKey: string;
  requests: FakeStripeRequest[];
  /** the next `count` requests (any path, or only those whose path starts with `pathPrefix`) fail with this status and a Stripe api_error body, WITHOUT changing state and WITHOUT storing the idempotency result */
  failNext(status: number, count?: number, pathPrefix?: string): void;
  /** mutate a subscription as Stripe would over time */
  updateSubscription(
    id: string,
    patch: Partial<{
      status: string;
      current_period_end: number;
      trial_end: number | null;
      cancel_at_period_end: boolean;
    }>,
  ): void;
  /** a deep copy of the stored subscription */
  subscription(id: string): Record<string, unknown> | undefined;
  subscriptions: Map<string, Record<string, unknown>>;
  customers: Map<string, Record<string, unknown>>;
  paymentMethods: Map<string, Record<string, unknown>>;
  paymentIntents: Map<string, Record<string, unknown>>;
  invoices: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
};

type Obj = Record<string, unknown>;
type Reply = { status: number; body: Obj };

/** Test payment methods, after Stripe's: `attach` = declined when attached, `charge` = declined when charged. */
const TEST_CARDS: Record<
  string,
  { brand: string; last4: string; decline?: 'attach' | 'charge'; declineCode?: string }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: 'charge',
    declineCode: 'generic_decline',
  },
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    decline: 'charge',
    declineCode: 'generic_decline',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: 'charge',
    declineCode: 'insufficient_funds',
  },
  pm_card_visa_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: 'attach',
    declineCode: 'generic_decline',
  },
};

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function newId(prefix: string): string {
  const bytes = crypto.randomBytes(24);
  let s = '';
  for (const b of bytes) s += ALNUM[b % ALNUM.length];
  return `${prefix}_${s}`;
}
const clone = <T>(v: T): T => structuredClone(v);

// ---------------------------------------------------------------------------------------------
// form / query decoding (bracket notation, like `qs`)

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Parses `a[b][0]=x&c=y` into nested objects; objects whose keys are all indices become arrays. */
export function parseForm(input: string): Obj {
  const root: Obj = {};
  for (const part of input.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    const key = decode(rawKey);
    const value = decode(rawValue);
    const m = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(key);
    const segments = m ? [m[1]!, ...[...m[2]!.matchAll(/\[([^\]]*)\]/g)].map((x) => x[1]!)] : [key];
    if (segments.some((s) => UNSAFE_KEYS.has(s))) continue;
    let node: Obj = root;
    for (let i = 0; i < segments.length; i++) {
      let seg = segments[i]!;
      const last = i === segments.length - 1;
      if (seg === '') seg = String(Object.keys(node).length); // `a[]=x`
      if (last) {
        node[seg] = value;
      } else {
        const next = node[seg];
        if (typeof next !== 'object' || next === null) node[seg] = {};
        node = node[seg] as Obj;
      }
    }
  }
  return arrayify(root) as Obj;
}

function arrayify(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  const o = v as Obj;
  const keys = Object.keys(o);
  for (const k of keys) o[k] = arrayify(o[k]);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => o[String(k)]);
  }
  return o;
}

/** Canonical form of parameters, for the idempotency comparison. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Obj)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

// ---------------------------------------------------------------------------------------------
// errors

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Obj,
  ) {
    super(String(error.message));
  }
}

const invalid = (message: string, extra: Obj = {}, status = 400) =>
  new ApiError(status, { type: 'invalid_request_error', message, ...extra });
const missingParam = (param: string) =>
  invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
const noSuch = (kind: string, id: string, param?: string, status = 404) =>
  invalid(
    `No such ${kind}: '${id}'`,
    { code: 'resource_missing', ...(param ? { param } : {}) },
    status,
  );
const cardDeclined = (declineCode: string, extra: Obj = {}) =>
  new ApiError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: declineCode,
    message:
      declineCode === 'insufficient_funds'
        ? 'Your card has insufficient funds.'
        : 'Your card was declined.',
    ...extra,
  });

// ---------------------------------------------------------------------------------------------
// parameter helpers

function str(params: Obj, key: string): string | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`Invalid string: ${key}`, { param: key });
  return v;
}
function obj(params: Obj, key: string): Obj | undefined {
  const v = params[key];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw invalid(`Invalid hash: ${key}`, { param: key });
  return v as Obj;
}
function bool(params: Obj, key: string): boolean | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalid(`Invalid boolean: ${String(v)}`, { param: key });
}
function int(params: Obj, key: string): number | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^-?\d+$/.test(v))
    throw invalid(`Invalid integer: ${String(v)}`, { param: key });
  return Number(v);
}
function allowOnly(params: Obj, allowed: string[]) {
  for (const k of Object.keys(params)) {
    if (k !== 'expand' && !allowed.includes(k)) {
      throw invalid(`Received unknown parameter: ${k}`, { code: 'parameter_unknown', param: k });
    }
  }
}
/** metadata: string values; '' unsets a key (Stripe semantics), metadata='' clears it. */
function mergeMetadata(current: Obj, params: Obj): Obj {
  if (params.metadata === '') return {};
  const patch = obj(params, 'metadata');
  const out = { ...current };
  if (!patch) return out;
  for (const [k, v] of Object.entries(patch)) {
    if (typeof v !== 'string') throw invalid(`Invalid metadata[${k}]`, { param: `metadata[${k}]` });
    if (v === '') delete out[k];
    else out[k] = v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${crypto.randomBytes(12).toString('hex')}`;
  const requests: FakeStripeRequest[] = [];
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  /** payment method ids attached to each customer */
  const attached = new Map<string, Set<string>>();
  const idempotency = new Map<string, { fingerprint: string; reply: Reply; requestId: string }>();
  const failures: { status: number; remaining: number; pathPrefix?: string }[] = [];

  const base = (prefix: string, object: string): Obj => ({
    id: newId(prefix),
    object,
    created: now(),
    livemode: false,
  });

  function getCustomer(id: string, param?: string, status = 404): Obj {
    const c = customers.get(id);
    if (!c) throw noSuch('customer', id, param, status);
    return c;
  }

  function paymentMethodFor(id: string): Obj {
    let pm = paymentMethods.get(id);
    if (!pm) {
      const card = TEST_CARDS[id] ?? { brand: 'visa', last4: '4242' };
      pm = {
        id,
        object: 'payment_method',
        created: now(),
        livemode: false,
        type: 'card',
        customer: null,
        billing_details: { address: null, email: null, name: null, phone: null },
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: new Date().getFullYear() + 3,
          funding: 'credit',
          country: 'US',
        },
        metadata: {},
      };
      paymentMethods.set(id, pm);
    }
    return pm;
  }

  function attach(pmId: string, customerId: string): Obj {
    if (!pmId.startsWith('pm_')) throw noSuch('PaymentMethod', pmId, 'payment_method');
    const card = TEST_CARDS[pmId];
    if (card?.decline === 'attach') throw cardDeclined(card.declineCode ?? 'generic_decline');
    const pm = paymentMethodFor(pmId);
    pm.customer = customerId;
    let set = attached.get(customerId);
    if (!set) attached.set(customerId, (set = new Set()));
    set.add(pmId);
    return pm;
  }

  function requireAttached(customerId: string, pmId: string, param: string) {
    if (!attached.get(customerId)?.has(pmId)) {
      throw invalid(
        `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
        { code: 'resource_missing', param },
      );
    }
  }

  /** Replaces string ids at the given dotted paths with the objects they name (Stripe's `expand`). */
  function expand(root: Obj, params: Obj): Obj {
    const raw = params.expand;
    if (raw === undefined) return root;
    const paths = Array.isArray(raw) ? raw : [raw];
    const out = clone(root);
    const lookup = (id: string): Obj | undefined => {
      const store = id.startsWith('cus_')
        ? customers
        : id.startsWith('pm_')
          ? paymentMethods
          : id.startsWith('sub_')
            ? subscriptions
            : id.startsWith('pi_')
              ? paymentIntents
              : id.startsWith('in_')
                ? invoices
                : undefined;
      const found = store?.get(id);
      return found ? clone(found) : undefined;
    };
    for (const p of paths) {
      if (typeof p !== 'string') throw invalid('Invalid array', { param: 'expand' });
      const walk = (node: unknown, segs: string[]): void => {
        if (node === null || typeof node !== 'object') return;
        const [head, ...rest] = segs;
        if (head === undefined) return;
        const n = node as Obj;
        if (head === 'data' && Array.isArray(n.data)) {
          for (const el of n.data) walk(el, rest);
          return;
        }
        if (!(head in n))
          throw invalid(`This property cannot be expanded (${p}).`, { param: 'expand' });
        if (rest.length === 0) {
          const v = n[head];
          if (v === null || typeof v === 'object') return;
          const found = typeof v === 'string' ? lookup(v) : undefined;
          if (!found)
            throw invalid(`This property cannot be expanded (${p}).`, { param: 'expand' });
          n[head] = found;
          return;
        }
        walk(n[head], rest);
      };
      walk(out, p.split('.'));
    }
    return out;
  }

  // --- customers ------------------------------------------------------------------------------

  function createCustomer(params: Obj): Obj {
    allowOnly(params, [
      'email',
      'name',
      'description',
      'payment_method',
      'invoice_settings',
      'metadata',
      'phone',
    ]);
    const c: Obj = {
      ...base('cus', 'customer'),
      email: str(params, 'email') || null,
      name: str(params, 'name') || null,
      description: str(params, 'description') || null,
      phone: str(params, 'phone') || null,
      balance: 0,
      currency: null,
      delinquent: false,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      metadata: mergeMetadata({}, params),
    };
    const pm = str(params, 'payment_method');
    const settings = obj(params, 'invoice_settings');
    const dpm = settings?.default_payment_method;
    // validate everything before any state changes
    if (dpm !== undefined && dpm !== '' && dpm !== pm) {
      if (typeof dpm !== 'string')
        throw invalid('Invalid string', { param: 'invoice_settings[default_payment_method]' });
      requireAttached(c.id as string, dpm, 'invoice_settings[default_payment_method]');
    }
    if (pm) attach(pm, c.id as string);
    customers.set(c.id as string, c);
    if (settings) applyInvoiceSettings(c, settings);
    return c;
  }

  function applyInvoiceSettings(c: Obj, settings: Obj) {
    const dpm = settings.default_payment_method;
    if (dpm === undefined) return;
    if (typeof dpm !== 'string')
      throw invalid('Invalid string', { param: 'invoice_settings[default_payment_method]' });
    if (dpm !== '')
      requireAttached(c.id as string, dpm, 'invoice_settings[default_payment_method]');
    (c.invoice_settings as Obj).default_payment_method = dpm || null;
  }

  function updateCustomer(c: Obj, params: Obj): Obj {
    allowOnly(params, ['email', 'name', 'description', 'invoice_settings', 'metadata', 'phone']);
    const settings = obj(params, 'invoice_settings');
    if (settings) applyInvoiceSettings(c, settings); // may throw before anything changes
    for (const k of ['email', 'name', 'description', 'phone']) {
      const v = str(params, k);
      if (v !== undefined) c[k] = v || null;
    }
    c.metadata = mergeMetadata(c.metadata as Obj, params);
    return c;
  }

  // --- subscriptions --------------------------------------------------------------------------

  function createSubscription(params: Obj): Reply {
    allowOnly(params, [
      'customer',
      'items',
      'trial_period_days',
      'trial_end',
      'default_payment_method',
      'payment_behavior',
      'metadata',
      'payment_settings',
      'collection_method',
      'off_session',
      'proration_behavior',
      'description',
      'currency',
      'cancel_at_period_end',
      'trial_settings',
      'automatic_tax',
    ]);
    const customerId = str(params, 'customer');
    if (!customerId) throw missingParam('customer');
    const customer = getCustomer(customerId, 'customer');
    const items = params.items;
    if (!Array.isArray(items) || items.length === 0) throw missingParam('items');
    const priceIds = items.map((it, i) => {
      const price = typeof it === 'object' && it !== null ? (it as Obj).price : undefined;
      if (typeof price !== 'string' || price === '') throw missingParam(`items[${i}][price]`);
      if (!price.startsWith('price_')) throw noSuch('price', price, `items[${i}][price]`, 400);
      return price;
    });
    const trialDays = int(params, 'trial_period_days') ?? 0;
    if (trialDays < 0 || trialDays > 730) {
      throw invalid('trial_period_days must be between 0 and 730', { param: 'trial_period_days' });
    }
    const behavior = str(params, 'payment_behavior') ?? 'allow_incomplete';
    if (
      ![
        'allow_incomplete',
        'default_incomplete',
        'error_if_incomplete',
        'pending_if_incomplete',
      ].includes(behavior)
    ) {
      throw invalid(`Invalid payment_behavior: ${behavior}`, { param: 'payment_behavior' });
    }
    const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end') ?? false;
    const givenPm = str(params, 'default_payment_method') || undefined;
    const customerPm = (customer.invoice_settings as Obj).default_payment_method as string | null;
    const pm = givenPm ?? customerPm ?? undefined;
    if (pm && TEST_CARDS[pm]?.decline === 'attach')
      throw cardDeclined(TEST_CARDS[pm]!.declineCode ?? 'generic_decline');
    if (givenPm) requireAttached(customerId, givenPm, 'default_payment_method');

    const t = now();
    const trialing = trialDays > 0;
    let status = trialing ? 'trialing' : 'active';
    let invoiceStatus = 'paid';
    if (!trialing) {
      const declined = pm ? TEST_CARDS[pm]?.decline === 'charge' : false;
      if (behavior === 'error_if_incomplete') {
        if (!pm) {
          throw invalid('This customer has no attached payment source or default payment method.', {
            code: 'resource_missing',
          });
        }
        if (declined) throw cardDeclined(TEST_CARDS[pm]!.declineCode ?? 'generic_decline');
      } else if (behavior === 'default_incomplete' || !pm || declined) {
        // default_incomplete always waits for the first payment to be confirmed; otherwise a failed
        // (or impossible) first payment leaves the subscription incomplete.
        status = 'incomplete';
        invoiceStatus = 'open';
      }
    }
    const periodEnd = trialing ? t + trialDays * DAY : t + 120 * DAY;
    const sub: Obj = { ...base('sub', 'subscription') };
    const subId = sub.id as string;
    const invoice: Obj = {
      ...base('in', 'invoice'),
      customer: customerId,
      status: invoiceStatus,
      amount_due: 0,
      amount_paid: 0,
      currency: 'usd',
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subId, metadata: {} },
      },
      metadata: {},
    };
    invoices.set(invoice.id as string, invoice);
    Object.assign(sub, {
      customer: customerId,
      status,
      items: {
        object: 'list',
        data: priceIds.map((price) => ({
          id: newId('si'),
          object: 'subscription_item',
          created: t,
          subscription: subId,
          price: { id: price, object: 'price' },
          quantity: 1,
          current_period_start: t,
          current_period_end: periodEnd,
          metadata: {},
        })),
        has_more: false,
        total_count: priceIds.length,
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      metadata: mergeMetadata({}, params),
      default_payment_method: givenPm ?? null,
      cancel_at_period_end: cancelAtPeriodEnd,
      cancel_at: cancelAtPeriodEnd ? periodEnd : null,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      trial_start: trialing ? t : null,
      trial_end: trialing ? periodEnd : null,
      start_date: t,
      billing_cycle_anchor: periodEnd,
      collection_method: 'charge_automatically',
      currency: 'usd',
      description: str(params, 'description') || null,
      latest_invoice: invoice.id,
      pending_update: null,
    });
    subscriptions.set(subId, sub);
    return { status: 200, body: expand(sub, params) };
  }

  function getSubscription(id: string): Obj {
    const s = subscriptions.get(id);
    if (!s) throw noSuch('subscription', id);
    return s;
  }

  function updateSubscriptionFromApi(sub: Obj, params: Obj): Obj {
    allowOnly(params, [
      'cancel_at_period_end',
      'metadata',
      'default_payment_method',
      'cancellation_details',
      'proration_behavior',
      'description',
    ]);
    const cape = bool(params, 'cancel_at_period_end');
    const dpm = str(params, 'default_payment_method');
    if (sub.status === 'canceled' && (cape !== undefined || dpm !== undefined)) {
      throw invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    if (dpm) requireAttached(sub.customer as string, dpm, 'default_payment_method');
    if (dpm !== undefined) sub.default_payment_method = dpm || null;
    if (cape !== undefined) applyCancelAtPeriodEnd(sub, cape, true);
    sub.metadata = mergeMetadata(sub.metadata as Obj, params);
    return sub;
  }

  function periodEndOf(sub: Obj): number {
    const items = (sub.items as { data: Obj[] }).data;
    return Math.min(...items.map((i) => i.current_period_end as number));
  }

  function applyCancelAtPeriodEnd(sub: Obj, value: boolean, requested: boolean) {
    sub.cancel_at_period_end = value;
    sub.cancel_at = value ? periodEndOf(sub) : null;
    if (requested) {
      sub.canceled_at = value ? now() : null;
      (sub.cancellation_details as Obj).reason = value ? 'cancellation_requested' : null;
    }
  }

  function cancelSubscription(sub: Obj, params: Obj): Obj {
    allowOnly(params, ['invoice_now', 'prorate', 'cancellation_details']);
    if (sub.status === 'canceled') throw noSuch('subscription', sub.id as string);
    const t = now();
    sub.status = 'canceled';
    sub.canceled_at = t;
    sub.ended_at = t;
    (sub.cancellation_details as Obj).reason = 'cancellation_requested';
    return sub;
  }

  // --- payment intents ------------------------------------------------------------------------

  function createPaymentIntent(params: Obj): Reply {
    allowOnly(params, [
      'amount',
      'currency',
      'customer',
      'payment_method',
      'confirm',
      'off_session',
      'description',
      'metadata',
      'payment_method_types',
      'automatic_payment_methods',
      'setup_future_usage',
      'receipt_email',
      'statement_descriptor_suffix',
      'error_on_requires_action',
      'return_url',
    ]);
    const rawAmount = params.amount;
    if (rawAmount === undefined) throw missingParam('amount');
    if (typeof rawAmount !== 'string' || !/^\d+$/.test(rawAmount) || Number(rawAmount) <= 0) {
      throw invalid('This value must be greater than or equal to 1.', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    }
    const amount = Number(rawAmount);
    const currency = str(params, 'currency');
    if (!currency) throw missingParam('currency');
    if (!/^[a-z]{3}$/.test(currency))
      throw invalid(`Invalid currency: ${currency}`, { param: 'currency' });
    if (currency === 'usd' && amount < 50) {
      throw invalid('Amount must be at least $0.50 usd', {
        code: 'amount_too_small',
        param: 'amount',
      });
    }
    const customerId = str(params, 'customer') || null;
    if (customerId) getCustomer(customerId, 'customer');
    const pmId = str(params, 'payment_method') || null;
    if (pmId && !pmId.startsWith('pm_')) throw noSuch('PaymentMethod', pmId, 'payment_method');
    if (pmId && customerId && !TEST_CARDS[pmId]) {
      // an arbitrary pm_ id must exist (be attached) when paying for a customer
      const owner = paymentMethods.get(pmId)?.customer;
      if (owner === undefined) throw noSuch('PaymentMethod', pmId, 'payment_method');
    }
    const confirm = bool(params, 'confirm') ?? false;
    const offSession = bool(params, 'off_session');
    if (offSession !== undefined && !confirm) {
      throw invalid('You may only specify `off_session` when `confirm` is true.', {
        param: 'off_session',
      });
    }
    if (confirm && !pmId) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const pi: Obj = {
      ...base('pi', 'payment_intent'),
      amount,
      amount_received: 0,
      currency,
      customer: customerId,
      payment_method: pmId,
      description: str(params, 'description') || null,
      metadata: mergeMetadata({}, params),
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      latest_charge: null,
      last_payment_error: null,
      status: pmId ? 'requires_confirmation' : 'requires_payment_method',
    };
    pi.client_secret = `${pi.id as string}_secret_${crypto.randomBytes(8).toString('hex')}`;
    paymentIntents.set(pi.id as string, pi);
    if (confirm && pmId) {
      const card = TEST_CARDS[pmId];
      if (card?.decline) {
        const declineCode = card.declineCode ?? 'generic_decline';
        const chargeId = newId('ch');
        pi.status = 'requires_payment_method';
        pi.latest_charge = chargeId;
        pi.last_payment_error = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: declineCode,
          message: 'Your card was declined.',
          payment_method: clone(paymentMethodFor(pmId)),
        };
        pi.payment_method = null;
        throw cardDeclined(declineCode, {
          charge: chargeId,
          payment_intent: clone(pi),
          payment_method: clone(paymentMethodFor(pmId)),
        });
      }
      pi.status = 'succeeded';
      pi.amount_received = amount;
      pi.latest_charge = newId('ch');
    }
    return { status: 200, body: expand(pi, params) };
  }

  // --- routing --------------------------------------------------------------------------------

  function route(method: string, path: string, params: Obj): Reply {
    const ok = (body: Obj): Reply => ({ status: 200, body: expand(body, params) });
    const seg = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (seg[0] === 'v1') {
      const [, resource, id, action] = seg;
      if (resource === 'customers') {
        if (method === 'POST' && seg.length === 2) return ok(createCustomer(params));
        if (id && seg.length === 3) {
          if (method === 'GET') return ok(getCustomer(id));
          if (method === 'POST') return ok(updateCustomer(getCustomer(id), params));
        }
      }
      if (resource === 'payment_methods' && id) {
        if (method === 'POST' && action === 'attach' && seg.length === 4) {
          allowOnly(params, ['customer']);
          const customerId = str(params, 'customer');
          if (!customerId) throw missingParam('customer');
          if (!id.startsWith('pm_')) throw noSuch('PaymentMethod', id);
          getCustomer(customerId, 'customer');
          return ok(attach(id, customerId));
        }
        if (method === 'GET' && seg.length === 3) {
          const pm = paymentMethods.get(id);
          if (!pm) throw noSuch('PaymentMethod', id);
          return ok(pm);
        }
      }
      if (resource === 'subscriptions') {
        if (method === 'POST' && seg.length === 2) return createSubscription(params);
        if (id && seg.length === 3) {
          if (method === 'GET') return ok(getSubscription(id));
          if (method === 'POST') return ok(updateSubscriptionFromApi(getSubscription(id), params));
          if (method === 'DELETE') return ok(cancelSubscription(getSubscription(id), params));
        }
      }
      if (resource === 'payment_intents') {
        if (method === 'POST' && seg.length === 2) return createPaymentIntent(params);
        if (id && seg.length === 3 && method === 'GET') {
          const pi = paymentIntents.get(id);
          if (!pi) throw noSuch('payment_intent', id);
          return ok(pi);
        }
      }
      if (resource === 'invoices' && id && seg.length === 3 && method === 'GET') {
        const inv = invoices.get(id);
        if (!inv) throw noSuch('invoice', id);
        return ok(inv);
      }
    }
    throw invalid(
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      {},
      404,
    );
  }

  function authError(header: string | undefined): ApiError | undefined {
    let key: string | undefined;
    if (header?.startsWith('Bearer ')) key = header.slice(7).trim();
    else if (header?.startsWith('Basic ')) {
      key = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
    }
    if (!key) {
      return new ApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (key !== secretKey) {
      return new ApiError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      });
    }
    return undefined;
  }

  function injectedFailure(path: string): Reply | undefined {
    const rule = failures.find(
      (f) => f.remaining > 0 && (!f.pathPrefix || path.startsWith(f.pathPrefix)),
    );
    if (!rule) return undefined;
    rule.remaining--;
    if (rule.remaining === 0) failures.splice(failures.indexOf(rule), 1);
    const s = rule.status;
    const error: Obj =
      s === 402
        ? {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          }
        : s >= 500
          ? {
              type: 'api_error',
              message: 'An unknown error occurred (injected by the fake Stripe server).',
            }
          : { type: 'invalid_request_error', message: `Injected failure (${s}).` };
    return { status: s, body: { error } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = (req.method ?? 'GET').toUpperCase();
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname;
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const idemHeader = req.headers['idempotency-key'];
      const idempotencyKey = Array.isArray(idemHeader) ? idemHeader[0] : idemHeader;
      const contentType = String(req.headers['content-type'] ?? '');
      const params = method === 'POST' ? parseForm(rawBody) : parseForm(url.search.slice(1));
      const record: FakeStripeRequest = {
        method,
        path,
        body: params,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      };
      requests.push(record);

      const requestId = newId('req');
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
      };
      const send = (reply: Reply, extra: Record<string, string> = {}) => {
        record.status = reply.status;
        res.writeHead(reply.status, { ...headers, ...extra });
        res.end(JSON.stringify(reply.body, null, 2));
      };
      const sendError = (e: unknown) => {
        if (e instanceof ApiError) return send({ status: e.status, body: { error: e.error } });
        send({
          status: 500,
          body: { error: { type: 'api_error', message: `Fake Stripe crashed: ${String(e)}` } },
        });
      };

      const auth = authError(req.headers.authorization);
      if (auth) return sendError(auth);
      const injected = injectedFailure(path);
      if (injected) return send(injected);
      if (
        method === 'POST' &&
        rawBody &&
        !contentType.startsWith('application/x-www-form-urlencoded')
      ) {
        return sendError(
          invalid(`Invalid request: unsupported Content-Type ${contentType}.`, {}, 400),
        );
      }

      const fingerprint = `${method} ${path} ${canonical(params)}`;
      if (method === 'POST' && idempotencyKey) {
        const stored = idempotency.get(idempotencyKey);
        if (stored) {
          if (stored.fingerprint !== fingerprint) {
            return send({
              status: 400,
              body: {
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
                },
              },
            });
          }
          return send(clone(stored.reply), {
            'idempotency-key': idempotencyKey,
            'idempotent-replayed': 'true',
            'original-request': stored.requestId,
          });
        }
      }

      let reply: Reply;
      try {
        reply = route(method, path, params);
      } catch (e) {
        if (!(e instanceof ApiError)) return sendError(e);
        reply = { status: e.status, body: { error: e.error } };
      }
      // Stripe saves a result once the endpoint started executing: successes and card declines, not
      // parameter validation failures.
      if (method === 'POST' && idempotencyKey && (reply.status < 400 || reply.status === 402)) {
        idempotency.set(idempotencyKey, { fingerprint, reply: clone(reply), requestId });
      }
      send(reply, method === 'POST' && idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    secretKey,
    requests,
    customers,
    paymentMethods,
    subscriptions,
    paymentIntents,
    invoices,
    failNext(status, count = 1, pathPrefix) {
      if (count > 0)
        failures.push({ status, remaining: count, ...(pathPrefix ? { pathPrefix } : {}) });
    },
    updateSubscription(id, patch) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`fake Stripe: no subscription ${id}`);
      if (patch.current_period_end !== undefined) {
        for (const item of (sub.items as { data: Obj[] }).data)
          item.current_period_end = patch.current_period_end;
        if (sub.cancel_at_period_end) sub.cancel_at = patch.current_period_end;
      }
      if (patch.trial_end !== undefined) sub.trial_end = patch.trial_end;
      if (patch.cancel_at_period_end !== undefined)
        applyCancelAtPeriodEnd(sub, patch.cancel_at_period_end, false);
      if (patch.status !== undefined) {
        sub.status = patch.status;
        if (patch.status === 'canceled') {
          const t = now();
          sub.canceled_at ??= t;
          sub.ended_at ??= t;
        }
      }
    },
    subscription(id) {
      const s = subscriptions.get(id);
      return s ? clone(s) : undefined;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/** A signed webhook (the `Stripe-Signature` header value and the exact payload it signs). */
export function signedEvent(
  secret: string,
  event: { id: string; type: string; data: { object: Record<string, unknown> }; created?: number },
  timestamp: number = now(),
): { payload: string; header: string } {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: event.created ?? timestamp,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: event.type,
    data: event.data,
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { payload, header };
}
