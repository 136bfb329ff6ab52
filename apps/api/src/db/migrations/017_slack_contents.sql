-- Material taken from a linked Slack channel (issue 15, item 5): the message (and file) each item
-- came from, so an edit or a delete in Slack updates or removes it, a retried event never adds it
-- twice, and Review Course shows where it came from. Deleting the item deletes this row.
CREATE TABLE slack_contents (
  content_id uuid PRIMARY KEY REFERENCES contents (id) ON DELETE CASCADE,
  slack_team_id text NOT NULL,
  slack_channel_id text NOT NULL,
  slack_channel_name text,
  -- the message's `ts`, Slack's id of a message within its channel
  message_ts text NOT NULL,
  -- the shared file's id; '' for the text of the message itself
  slack_file_id text NOT NULL DEFAULT '',
  -- who shared it (a Slack user id; never their name or e-mail)
  slack_user_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (slack_team_id, slack_channel_id, message_ts, slack_file_id)
);
