-- The no-signup document trial (SPEC §1, §7 Trial): one document and ten questions per session.
--
-- A trial document is stored as the material of a hidden class, so that extraction, indexing and
-- answering are exactly those of a real class. Those classes belong to an account no one can sign
-- in to (its password hash matches no password) and are inactive, so no teacher route lists them
-- and no share link opens them; their chat_uuid is never handed out.
INSERT INTO users (id, email, password_hash, first_name, last_name, subscription_status)
VALUES ('00000000-0000-4000-8000-00000000717a', 'trial-documents@system.invalid', '!',
        'Trial', 'Documents', 'incomplete_signup');

CREATE TABLE trial_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the hidden class holding the document; deleting the session deletes it (see the trial feature)
  class_id uuid UNIQUE REFERENCES classes (id) ON DELETE SET NULL,
  questions_used integer NOT NULL DEFAULT 0 CHECK (questions_used BETWEEN 0 AND 10),
  file_name text,
  file_size integer,
  word_count integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX trial_sessions_expires_idx ON trial_sessions (expires_at);
