-- Slack Events API deliveries already taken (issue 15, item 7): Slack retries a delivery it thinks
-- failed (X-Slack-Retry-Num), so each event id is recorded with its job in one transaction and a
-- retry of a recorded id is acknowledged without work. Rows older than a week are pruned (Slack
-- stops retrying after about an hour).
CREATE TABLE slack_events (
  event_id text PRIMARY KEY,
  team_id text NOT NULL,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX slack_events_received_idx ON slack_events (received_at);
