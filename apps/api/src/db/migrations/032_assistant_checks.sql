-- Check your assistant (issue 29): the teacher confirms, rewrites or marks not covered the reply
-- to each of the questions students ask most (the standard list lives in the API,
-- features/assistant-check/standard-questions.ts) and to questions of their own. A row exists
-- once the teacher has acted on a question (or added it); a standard question without one is
-- unchecked.
CREATE TABLE assistant_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  -- the standard question's key ("office_hours"); null for a question the teacher added
  standard_key text,
  question text NOT NULL,
  -- how the teacher's screens group questions (migration 006): a student's question in other
  -- words is matched on it
  question_key text GENERATED ALWAYS AS (question_group_key(question)) STORED,
  status text NOT NULL DEFAULT 'unchecked'
    CHECK (status IN ('unchecked', 'confirmed', 'edited', 'not_covered', 'needs_review')),
  -- the answer students are given (confirmed: the reply as it was; edited: the teacher's words)
  answer text,
  citations jsonb NOT NULL DEFAULT '[]',
  -- a confirmed answer's passage as material words (material_words): when no ready item of the
  -- class holds it any more, the answer needs a new look
  source_passage text,
  checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (class_id, standard_key)
);
CREATE UNIQUE INDEX assistant_checks_own_question_idx ON assistant_checks (class_id, question_key)
  WHERE standard_key IS NULL;

-- Lower-case letters and digits, one space between words: a passage quoted in an answer is found
-- in the item's text whatever markup, line breaks or table pipes surround it.
CREATE FUNCTION material_words(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  RETURN btrim(lower(regexp_replace(t, '[^[:alnum:]]+', ' ', 'g')));

-- A confirmed answer whose passage no ready item holds needs a new look, and one whose passage is
-- back (a syllabus replaced by one that still says it) is confirmed again.
CREATE FUNCTION recheck_assistant_sources(p_class uuid) RETURNS void
  LANGUAGE sql AS $$
  WITH judged AS (
    SELECT a.id,
           CASE WHEN EXISTS (
             SELECT 1 FROM contents c
             WHERE c.class_id = p_class AND c.status = 'ready'
               AND strpos(' ' || material_words(c.content) || ' ', ' ' || a.source_passage || ' ') > 0)
           THEN 'confirmed' ELSE 'needs_review' END AS status
    FROM assistant_checks a
    WHERE a.class_id = p_class AND a.status IN ('confirmed', 'needs_review')
      AND a.source_passage IS NOT NULL)
  UPDATE assistant_checks a SET status = j.status, updated_at = now()
  FROM judged j
  WHERE a.id = j.id AND a.status <> j.status;
$$;

CREATE FUNCTION contents_recheck_assistant() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recheck_assistant_sources(COALESCE(NEW.class_id, OLD.class_id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER contents_recheck_assistant
  AFTER INSERT OR DELETE OR UPDATE OF content, status ON contents
  FOR EACH ROW EXECUTE FUNCTION contents_recheck_assistant();

-- Which checked question a student's question matched (a standard key, or an added question's
-- id) and whether the checked answer was given: what Analytics counts.
ALTER TABLE conversations
  ADD COLUMN check_key text,
  ADD COLUMN from_check boolean NOT NULL DEFAULT false;
CREATE INDEX conversations_check_idx ON conversations (class_id, created_at)
  WHERE check_key IS NOT NULL;
