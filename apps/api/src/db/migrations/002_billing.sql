-- Billing state lives on the teacher; the payment provider's ids are kept to reconcile webhooks.
ALTER TABLE users
  ADD COLUMN plan_type text NOT NULL DEFAULT 'single' CHECK (plan_type IN ('single', 'department')),
  ADD COLUMN payment_provider text CHECK (payment_provider IN ('stripe', 'local')),
  ADD COLUMN stripe_customer_id text,
  ADD COLUMN payment_method_id text,
  ADD COLUMN current_period_end timestamptz,
  ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
  ADD COLUMN canceled_at timestamptz;
CREATE UNIQUE INDEX users_subscription_id_key ON users (subscription_id) WHERE subscription_id IS NOT NULL;
CREATE UNIQUE INDEX users_stripe_customer_id_key ON users (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;

-- Payment history, and the source of truth for add-on classes bought in a season.
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('subscription', 'addon')),
  description text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL DEFAULT 'usd',
  status text NOT NULL CHECK (status IN ('succeeded', 'pending', 'failed', 'not_charged')),
  season_name text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  provider_ref text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_user_created_idx ON payments (user_id, created_at DESC);
CREATE INDEX payments_user_season_kind_idx ON payments (user_id, season_name, kind);

-- Webhook events already applied, so a redelivery is ignored.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
