CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- Every student question and the answer given, for the teacher's review and analytics.
CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  question text NOT NULL,
  response text NOT NULL,
  source_type text NOT NULL CHECK (source_type IN ('syllabus', 'content', 'other')),
  student_identifier text,
  tokens_used integer NOT NULL DEFAULT 0,
  response_time_ms integer NOT NULL DEFAULT 0,
  citations jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversations_class_created_idx ON conversations (class_id, created_at DESC);
