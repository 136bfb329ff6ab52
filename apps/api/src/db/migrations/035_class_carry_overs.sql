-- Copy Class carries the teacher's work (issue 31): course-fact corrections, additions and hidden
-- facts, teacher answers and checked answers are copied once per class. This row is that once:
-- a second carry-over into the same class (a retried or doubled request) finds it and stops.
CREATE TABLE class_carry_overs (
  class_id uuid PRIMARY KEY REFERENCES classes (id) ON DELETE CASCADE,
  from_class_id uuid REFERENCES classes (id) ON DELETE SET NULL,
  facts integer NOT NULL,
  teacher_answers integer NOT NULL,
  checks integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
