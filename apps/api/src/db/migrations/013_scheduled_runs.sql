-- When each background job last ran, so that several instances run it once per period between
-- them (the first to claim the period runs it), not once each.
CREATE TABLE scheduled_runs (
  name text PRIMARY KEY,
  last_run timestamptz NOT NULL
);
