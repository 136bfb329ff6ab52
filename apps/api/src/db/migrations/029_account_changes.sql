-- Account changes a stolen access token must not make alone (issue 27).

-- A change of a teacher's e-mail address, waiting for the link sent to the new address. The
-- account keeps `old_email` until the link (a 256-bit single-use token, only its SHA-256 stored)
-- is opened before `expires_at`. One pending change per account: a new request cancels the one
-- before it in the same transaction.
CREATE TABLE email_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  old_email text NOT NULL,
  new_email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (confirmed_at IS NULL OR cancelled_at IS NULL)
);
CREATE UNIQUE INDEX email_changes_one_pending_idx ON email_changes (user_id)
  WHERE confirmed_at IS NULL AND cancelled_at IS NULL;

-- "This wasn't me" links, e-mailed to the address on file when the password is changed or an
-- e-mail change is requested or completed. Opening one (single use, until `expires_at`, only its
-- SHA-256 stored) ends every session of the account, cancels a pending e-mail change, puts back
-- an address the change it tells of replaced, and asks for a new password.
CREATE TABLE account_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL
    CHECK (kind IN ('password_changed', 'email_change_requested', 'email_changed')),
  email_change_id uuid REFERENCES email_changes (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_alerts_user_id_idx ON account_alerts (user_id);
CREATE INDEX email_changes_expires_idx ON email_changes (expires_at);
CREATE INDEX account_alerts_expires_idx ON account_alerts (expires_at);
