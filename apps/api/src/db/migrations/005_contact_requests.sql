-- A student's request to be contacted by the teacher about one conversation (SPEC §3, §4).
CREATE TABLE email_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  student_email text NOT NULL CHECK (char_length(student_email) BETWEEN 3 AND 254),
  request_reason text NOT NULL CHECK (char_length(request_reason) BETWEEN 10 AND 500),
  -- copied at request time, so the request reads the same whatever happens to the conversation
  conversation_question text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- null while pending; set by the teacher's Mark Responded
  teacher_responded_at timestamptz
);
CREATE INDEX email_requests_class_created_idx ON email_requests (class_id, created_at DESC);
-- the teacher's unanswered requests (joined to their classes)
CREATE INDEX email_requests_pending_idx ON email_requests (class_id, created_at DESC)
  WHERE teacher_responded_at IS NULL;
-- at most one pending request per conversation
CREATE UNIQUE INDEX email_requests_one_pending_per_conversation ON email_requests (conversation_id)
  WHERE teacher_responded_at IS NULL;
