-- A channel of a Slack workspace is linked to one class at a time (issue 27). Until now the
-- uniqueness was per teacher's workspace row (workspace_id, slack_channel_id), so a second teacher
-- who installed the app in the same workspace could link the same channel to their own class and
-- take it over. The channel is now unique within its team, whoever's workspace row holds it.

-- The team of each link, kept equal to its workspace's by a foreign key (a unique index cannot
-- reach into another table).
ALTER TABLE slack_workspaces
  ADD CONSTRAINT slack_workspaces_id_team_key UNIQUE (id, slack_team_id);
ALTER TABLE slack_integrations ADD COLUMN slack_team_id text;
UPDATE slack_integrations i
   SET slack_team_id = w.slack_team_id
  FROM slack_workspaces w
 WHERE w.id = i.workspace_id;

-- A channel linked more than once (by several teachers): the earliest link keeps it, the later
-- ones (the takeovers) are removed with their authorized users. Ties by id, so the choice is the
-- same on every database.
DELETE FROM slack_integrations later
 USING slack_integrations earlier
 WHERE earlier.slack_team_id = later.slack_team_id
   AND earlier.slack_channel_id = later.slack_channel_id
   AND (earlier.created_at, earlier.id) < (later.created_at, later.id);

ALTER TABLE slack_integrations ALTER COLUMN slack_team_id SET NOT NULL;
ALTER TABLE slack_integrations
  ADD CONSTRAINT slack_integrations_workspace_team_fkey
  FOREIGN KEY (workspace_id, slack_team_id)
  REFERENCES slack_workspaces (id, slack_team_id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE slack_integrations
  ADD CONSTRAINT slack_integrations_team_channel_key UNIQUE (slack_team_id, slack_channel_id);
-- implied by the new key (a workspace row has one team)
ALTER TABLE slack_integrations
  DROP CONSTRAINT slack_integrations_workspace_id_slack_channel_id_key;
