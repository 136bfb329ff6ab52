-- A class's analytics from rollups (issue 16, "teacher pages at scale"): the figures the
-- Analytics screen shows (features/analytics) are summed from these small tables instead of
-- every conversation of the range, and always equal what the conversations themselves give.
--
--   conversation_counts          questions, not answered and response time per hour, half
--                                hour and quarter hour (UTC): a zone's days and hours add up
--                                from the hours when it is a whole number of hours from UTC,
--                                else from the half or quarter hours (every zone's offset is a
--                                whole number of quarter hours; a bucket that a zone's day or
--                                hour splits, or that a change of offset falls in, is counted
--                                from its conversations)
--   conversation_day_questions   per UTC day and question_key (migration 006): how many asked,
--                                the latest time and wording, also for those not answered
--   conversation_day_citations   per UTC day and content item: conversations whose answer cited
--                                it (once per conversation)
--
-- Kept exact by statement-level triggers on conversations, in the transaction that writes them,
-- so every path is covered: a student's question (one small upsert into each table), the team
-- chat's, rows written by tests and the bench, the retention housekeeping's deletes and the
-- cascade from deleting a class. An insert adds; a delete, or an update that changes a counted
-- column, counts the UTC days it touched again from the conversations left.
--
-- Concurrency: rows are written in key order, one table after the other, so two writers to one
-- class wait for each other's rows instead of deadlocking.

-- start of the bucket of `minutes` (60, 30 or 15; UTC), and the UTC day an instant falls in
CREATE FUNCTION conversation_bucket(minutes integer, at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN date_bin(make_interval(mins => minutes), at, timestamptz '2000-01-01 00:00:00+00');
CREATE FUNCTION conversation_utc_day(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN (at AT TIME ZONE 'UTC')::date;

-- The content items an answer cited, each once: only ids a content item can have (the analytics
-- join them to contents.id as text, so any other value never counted).
CREATE FUNCTION conversation_cited(citations jsonb) RETURNS uuid[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ARRAY(
    SELECT DISTINCT (e ->> 'content_id')::uuid
    FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(citations) = 'array' THEN citations ELSE '[]' END) AS e
    WHERE e ->> 'content_id' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    ORDER BY 1);

CREATE TABLE conversation_counts (
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  bucket_minutes smallint NOT NULL CHECK (bucket_minutes IN (60, 30, 15)),
  bucket_start timestamptz NOT NULL,
  questions integer NOT NULL CHECK (questions > 0),
  -- source_type 'other': the material did not cover it
  not_answered integer NOT NULL CHECK (not_answered >= 0),
  response_time_ms bigint NOT NULL,
  PRIMARY KEY (class_id, bucket_minutes, bucket_start)
);

CREATE TABLE conversation_day_questions (
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  day date NOT NULL,
  -- md5 of question_key: a key may be longer than an index entry can hold
  key_hash uuid NOT NULL,
  question_key text NOT NULL,
  questions integer NOT NULL CHECK (questions > 0),
  last_asked_at timestamptz NOT NULL,
  last_question text NOT NULL,
  not_answered integer NOT NULL CHECK (not_answered >= 0),
  -- null when none of the day's was 'other'
  not_answered_last_asked_at timestamptz,
  not_answered_last_question text,
  PRIMARY KEY (class_id, day, key_hash)
);

CREATE TABLE conversation_day_citations (
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  day date NOT NULL,
  content_id uuid NOT NULL,
  citations integer NOT NULL CHECK (citations > 0),
  PRIMARY KEY (class_id, day, content_id)
);

-- What the rollups read of a conversation.
CREATE TYPE conversation_fact AS (
  class_id uuid,
  created_at timestamptz,
  not_answered boolean,
  response_time_ms integer,
  question text,
  question_key text,
  cited uuid[]
);

-- Adds conversations to the rollups.
CREATE FUNCTION conversation_rollups_add(facts conversation_fact[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_counts AS r
    (class_id, bucket_minutes, bucket_start, questions, not_answered, response_time_ms)
  SELECT f.class_id, m.minutes, conversation_bucket(m.minutes, f.created_at), count(*),
    count(*) FILTER (WHERE f.not_answered), sum(f.response_time_ms)
  FROM unnest(facts) AS f, (VALUES (60), (30), (15)) AS m (minutes)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (class_id, bucket_minutes, bucket_start) DO UPDATE SET
    questions = r.questions + excluded.questions,
    not_answered = r.not_answered + excluded.not_answered,
    response_time_ms = r.response_time_ms + excluded.response_time_ms;

  INSERT INTO conversation_day_questions AS r
    (class_id, day, key_hash, question_key, questions, last_asked_at, last_question,
     not_answered, not_answered_last_asked_at, not_answered_last_question)
  SELECT f.class_id, conversation_utc_day(f.created_at), md5(f.question_key)::uuid,
    f.question_key, count(*), max(f.created_at),
    (array_agg(f.question ORDER BY f.created_at DESC))[1],
    count(*) FILTER (WHERE f.not_answered),
    max(f.created_at) FILTER (WHERE f.not_answered),
    (array_agg(f.question ORDER BY f.created_at DESC) FILTER (WHERE f.not_answered))[1]
  FROM unnest(facts) AS f
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3
  ON CONFLICT (class_id, day, key_hash) DO UPDATE SET
    questions = r.questions + excluded.questions,
    last_asked_at = greatest(r.last_asked_at, excluded.last_asked_at),
    last_question = CASE WHEN excluded.last_asked_at > r.last_asked_at
      THEN excluded.last_question ELSE r.last_question END,
    not_answered = r.not_answered + excluded.not_answered,
    not_answered_last_asked_at =
      greatest(r.not_answered_last_asked_at, excluded.not_answered_last_asked_at),
    not_answered_last_question = CASE
      WHEN r.not_answered_last_asked_at IS NULL
        OR excluded.not_answered_last_asked_at > r.not_answered_last_asked_at
      THEN coalesce(excluded.not_answered_last_question, r.not_answered_last_question)
      ELSE r.not_answered_last_question END;

  INSERT INTO conversation_day_citations AS r (class_id, day, content_id, citations)
  SELECT f.class_id, conversation_utc_day(f.created_at), c.content_id, count(*)
  FROM unnest(facts) AS f, unnest(f.cited) AS c (content_id)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (class_id, day, content_id) DO UPDATE SET
    citations = r.citations + excluded.citations;
END $$;

-- Counts the given (class, UTC day) pairs again from the conversations they hold now.
CREATE FUNCTION conversation_rollups_recount(class_ids uuid[], days date[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM conversation_counts r
  USING unnest(class_ids, days) AS t (class_id, day), (VALUES (60), (30), (15)) AS m (minutes)
  WHERE r.class_id = t.class_id AND r.bucket_minutes = m.minutes
    AND r.bucket_start >= t.day::timestamp AT TIME ZONE 'UTC'
    AND r.bucket_start < (t.day + 1)::timestamp AT TIME ZONE 'UTC';
  DELETE FROM conversation_day_questions r
  USING unnest(class_ids, days) AS t (class_id, day)
  WHERE r.class_id = t.class_id AND r.day = t.day;
  DELETE FROM conversation_day_citations r
  USING unnest(class_ids, days) AS t (class_id, day)
  WHERE r.class_id = t.class_id AND r.day = t.day;

  PERFORM conversation_rollups_add(ARRAY(
    SELECT ROW(c.class_id, c.created_at, c.source_type = 'other', c.response_time_ms,
      c.question, c.question_key, conversation_cited(c.citations))::conversation_fact
    FROM unnest(class_ids, days) AS t (class_id, day)
    JOIN conversations c ON c.class_id = t.class_id
      AND c.created_at >= t.day::timestamp AT TIME ZONE 'UTC'
      AND c.created_at < (t.day + 1)::timestamp AT TIME ZONE 'UTC'));
END $$;

CREATE FUNCTION conversation_rollups_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  class_ids uuid[];
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM conversation_rollups_add(ARRAY(
      SELECT ROW(a.class_id, a.created_at, a.source_type = 'other', a.response_time_ms,
        a.question, a.question_key, conversation_cited(a.citations))::conversation_fact
      FROM added a));
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(t.class_id), array_agg(t.day) INTO class_ids, days
    FROM (SELECT DISTINCT class_id, conversation_utc_day(created_at) AS day FROM removed) t;
  ELSE
    -- only rows whose counted columns changed (closing a question changes none of them)
    SELECT array_agg(t.class_id), array_agg(t.day) INTO class_ids, days
    FROM (
      SELECT DISTINCT class_id, conversation_utc_day(created_at) AS day
      FROM (
        (SELECT id, class_id, created_at, source_type, response_time_ms, question, citations
         FROM removed
         EXCEPT
         SELECT id, class_id, created_at, source_type, response_time_ms, question, citations
         FROM added)
        UNION ALL
        (SELECT id, class_id, created_at, source_type, response_time_ms, question, citations
         FROM added
         EXCEPT
         SELECT id, class_id, created_at, source_type, response_time_ms, question, citations
         FROM removed)
      ) changed
    ) t;
  END IF;
  IF class_ids IS NOT NULL THEN
    PERFORM conversation_rollups_recount(class_ids, days);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER conversations_rollups_insert AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_rollups_change();
CREATE TRIGGER conversations_rollups_delete AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_rollups_change();
CREATE TRIGGER conversations_rollups_update AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_rollups_change();

CREATE FUNCTION conversation_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM conversation_counts;
  DELETE FROM conversation_day_questions;
  DELETE FROM conversation_day_citations;
  RETURN NULL;
END $$;
CREATE TRIGGER conversations_rollups_truncate AFTER TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_rollups_truncate();

-- The conversations stored before this migration, one class at a time (the triggers above hold
-- off any other writer of conversations until this commits).
DO $$
DECLARE
  cls uuid;
BEGIN
  FOR cls IN SELECT DISTINCT class_id FROM conversations LOOP
    PERFORM conversation_rollups_add(ARRAY(
      SELECT ROW(c.class_id, c.created_at, c.source_type = 'other', c.response_time_ms,
        c.question, c.question_key, conversation_cited(c.citations))::conversation_fact
      FROM conversations c
      WHERE c.class_id = cls));
  END LOOP;
END $$;
