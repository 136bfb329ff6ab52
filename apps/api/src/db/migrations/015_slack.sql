-- The team-chat (Slack) integration (issue 15).

-- A Slack workspace a teacher installed the app in. The bot token is encrypted at rest
-- (AES-256-GCM, key derived from SLACK_CLIENT_SECRET, see features/slack/token-cipher.ts);
-- null once Slack revoked it or the app was uninstalled: the workspace shows as disconnected.
CREATE TABLE slack_workspaces (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  teacher_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  slack_team_id text NOT NULL,
  team_name text NOT NULL,
  bot_user_id text,
  bot_token_encrypted text,
  scopes text,
  installed_by_slack_user_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (teacher_id, slack_team_id)
);
CREATE INDEX slack_workspaces_team_idx ON slack_workspaces (slack_team_id);

-- A class linked to a channel of one of the teacher's workspaces; one class per channel (linking
-- the channel again moves it to the new class), a class may have several channels.
CREATE TABLE slack_integrations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES slack_workspaces (id) ON DELETE CASCADE,
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  slack_channel_id text NOT NULL,
  slack_channel_name text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, slack_channel_id)
);
CREATE INDEX slack_integrations_class_idx ON slack_integrations (class_id);

-- Workspace members (by e-mail) a teacher authorized to add material to a linked channel. The
-- account with that e-mail, if any, is matched when read (lower(users.email)).
CREATE TABLE slack_authorized_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  integration_id uuid NOT NULL REFERENCES slack_integrations (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (integration_id, email)
);

-- OAuth `state` values already used (each is single use; expired ones are pruned).
CREATE TABLE slack_oauth_states (
  id uuid PRIMARY KEY,
  teacher_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX slack_oauth_states_expires_idx ON slack_oauth_states (expires_at);
