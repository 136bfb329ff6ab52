-- The course fact sheet (issue 12): facts read from a content item at ingest ('extracted') and
-- facts the teacher adds or corrects ('teacher'), one subject–attribute–value row each.
--
-- Extracted facts belong to their content item: replaced in the transaction that replaces its
-- text and chunks, deleted with it. Teacher facts have no content item and survive both.
-- A teacher correction points at the extracted fact it replaces (overrides_id) and keeps that
-- fact's key (overrides_key), so a re-extraction that reads the same fact again is still overridden.
-- A correction with an empty value hides the extracted fact.
CREATE TABLE course_facts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  content_id uuid REFERENCES contents (id) ON DELETE CASCADE,
  chunk_id bigint REFERENCES content_chunks (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('meeting', 'staff', 'prerequisite', 'corequisite', 'text',
    'software', 'grading', 'grade_scale', 'exam', 'policy', 'accommodations', 'key_date')),
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 200),
  attribute text NOT NULL CHECK (char_length(attribute) BETWEEN 1 AND 50),
  value text NOT NULL CHECK (char_length(value) <= 1000),
  source_text text,
  -- an extracted fact's place in its document's reading order (answers list facts in that order)
  position integer NOT NULL DEFAULT 0,
  origin text NOT NULL CHECK (origin IN ('extracted', 'teacher')),
  overrides_id uuid REFERENCES course_facts (id) ON DELETE SET NULL,
  overrides_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (origin = 'teacher' OR (content_id IS NOT NULL AND overrides_id IS NULL)),
  CHECK (origin = 'extracted' OR content_id IS NULL),
  -- only a correction may be empty (it hides the fact it overrides)
  CHECK (char_length(value) >= 1 OR overrides_key IS NOT NULL)
);
CREATE INDEX course_facts_class_idx ON course_facts (class_id, kind);
CREATE INDEX course_facts_content_idx ON course_facts (content_id);
CREATE INDEX course_facts_chunk_idx ON course_facts (chunk_id);
-- one correction per extracted fact
CREATE UNIQUE INDEX course_facts_overrides_idx ON course_facts (overrides_id);
CREATE INDEX course_facts_overrides_key_idx ON course_facts (class_id, overrides_key)
  WHERE overrides_key IS NOT NULL;
