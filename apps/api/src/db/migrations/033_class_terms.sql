-- What day it is for a class (issue 30): its term's first and last day and the time zone its days
-- are counted in. A class made before has its term from its semester and year, with the defaults
-- new classes get (features/dates/calendar.ts, TERM_DEFAULTS; this backfill copies them once).
ALTER TABLE classes
  ADD COLUMN term_start date,
  ADD COLUMN term_end date,
  ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';

UPDATE classes SET
  term_start = CASE semester
    WHEN 'Fall' THEN make_date(year, 8, 25)
    WHEN 'Spring' THEN make_date(year, 1, 12)
    WHEN 'Summer' THEN make_date(year, 5, 26)
    WHEN 'Winter' THEN make_date(year, 1, 5) END,
  term_end = CASE semester
    WHEN 'Fall' THEN make_date(year, 12, 15)
    WHEN 'Spring' THEN make_date(year, 5, 8)
    WHEN 'Summer' THEN make_date(year, 8, 7)
    WHEN 'Winter' THEN make_date(year, 3, 20) END
WHERE semester IS NOT NULL AND year IS NOT NULL;

ALTER TABLE classes ADD CONSTRAINT classes_term_order CHECK (term_end >= term_start);

-- The kind of date question a student asked ("this_week", "next_exam"…), for Analytics.
ALTER TABLE conversations ADD COLUMN date_ask text;
CREATE INDEX conversations_date_ask_idx ON conversations (class_id, created_at)
  WHERE date_ask IS NOT NULL;
