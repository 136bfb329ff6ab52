CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE classes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  teacher_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  class_name text NOT NULL,
  course_code text,
  school text,
  department text,
  semester text CHECK (semester IN ('Spring', 'Summer', 'Fall', 'Winter')),
  year integer CHECK (year BETWEEN 2000 AND 2100),
  student_size integer CHECK (student_size BETWEEN 1 AND 10000),
  description text,
  is_active boolean NOT NULL DEFAULT true,
  -- the share link's id, separate from the class id so a link can be rotated
  chat_uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  -- the billing season the class counts in: the one it was created in
  season_name text NOT NULL,
  sample_questions text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX classes_teacher_idx ON classes (teacher_id, season_name);

CREATE TABLE contents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 255),
  content text NOT NULL,
  content_type text NOT NULL
    CHECK (content_type IN ('syllabus', 'additional', 'sample_work', 'due_dates', 'other', 'assignment')),
  display_order integer NOT NULL DEFAULT 0,
  file_name text,
  file_type text,
  file_size bigint,
  word_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contents_class_idx ON contents (class_id, display_order, created_at);
-- one syllabus per class
CREATE UNIQUE INDEX contents_one_syllabus_per_class ON contents (class_id) WHERE content_type = 'syllabus';

-- Passages the assistant answers from: headings weigh more than body text.
CREATE TABLE content_chunks (
  id bigserial PRIMARY KEY,
  content_id uuid NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  position integer NOT NULL,
  heading text,
  body text NOT NULL,
  word_count integer NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(heading, '')), 'A') ||
    setweight(to_tsvector('english', body), 'B')
  ) STORED
);
CREATE INDEX content_chunks_class_idx ON content_chunks (class_id);
CREATE INDEX content_chunks_content_idx ON content_chunks (content_id, position);
CREATE INDEX content_chunks_tsv_idx ON content_chunks USING gin (tsv);
CREATE INDEX content_chunks_body_trgm_idx ON content_chunks USING gin (body gin_trgm_ops);
