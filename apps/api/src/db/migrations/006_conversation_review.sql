-- The teacher's review of conversations (SPEC §2 Chat History / Chats) and closing the loop on
-- questions the material did not cover.

-- Search over question and answer: each word typed is a case-insensitive substring. The lowered
-- text is stored so a match is a plain LIKE (ILIKE folds case row by row, about 4x slower), and
-- a trigram index led by class_id (btree_gin) finds one class's matches among every class's, so
-- a class with 50,000 conversations stays fast.
CREATE EXTENSION IF NOT EXISTS btree_gin;
ALTER TABLE conversations
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(question || ' ' || response)) STORED;
CREATE INDEX conversations_search_idx ON conversations
  USING gin (class_id, search_text gin_trgm_ops);

-- Pages of a class's history newest first: the page's ids come from the index alone, however
-- deep the page, and only those rows are read.
DROP INDEX conversations_class_created_idx;
CREATE INDEX conversations_class_page_idx ON conversations (class_id, created_at DESC, id DESC);

-- "The same question in other words" (features/conversations/question-groups.ts): what a question
-- asks (its who / what / when / where / why / how / which words) and its English words, stemmed
-- and without stop words, as "asks|words". Kept with the row, so grouping a class's 50,000
-- questions is a GROUP BY on one text column instead of text search on every row at read time.
CREATE FUNCTION question_group_key(question text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  RETURN array_to_string(
      ARRAY(
        SELECT w FROM unnest(ARRAY['how', 'what', 'when', 'where', 'which', 'who', 'why']) AS w
        WHERE question ~* ('\m' || w || '\M') ORDER BY w),
      ' ')
    || '|'
    || CASE
         WHEN length(to_tsvector('english'::regconfig, question)) = 0
           THEN btrim(lower(regexp_replace(question, '[^[:alnum:]]+', ' ', 'g')))
         ELSE array_to_string(tsvector_to_array(to_tsvector('english'::regconfig, question)), ' ')
       END;
ALTER TABLE conversations
  ADD COLUMN question_key text GENERATED ALWAYS AS (question_group_key(question)) STORED;

-- A 'not in the material' conversation is closed when the teacher answers it; the answer is a
-- content item, and deleting that item reopens the conversation.
ALTER TABLE conversations
  ADD COLUMN resolved_content_id uuid REFERENCES contents (id) ON DELETE SET NULL;
CREATE INDEX conversations_open_unanswered_idx ON conversations (class_id, created_at DESC)
  WHERE source_type = 'other' AND resolved_content_id IS NULL;
CREATE INDEX conversations_resolved_content_idx ON conversations (resolved_content_id)
  WHERE resolved_content_id IS NOT NULL;

-- The teacher's reply sent from the dashboard (also marks the request responded).
ALTER TABLE email_requests
  ADD COLUMN reply text CHECK (reply IS NULL OR char_length(reply) BETWEEN 1 AND 5000),
  ADD COLUMN replied_at timestamptz;
