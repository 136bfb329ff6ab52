-- Secrets the server makes for itself when not configured (the JWT signing secret), kept in the
-- database so that every instance sharing it signs and verifies with the same one.
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL CHECK (length(value) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
