-- Which answers were wrong (issue 17): a student marks an answer helpful or not (changeable, no
-- account), and the teacher corrects it; the correction is class material, and the next student
-- asking the same question (question_group_key, migration 006) is given it.
ALTER TABLE conversations
  ADD COLUMN feedback text CHECK (feedback IN ('helpful', 'not_helpful')),
  ADD COLUMN feedback_at timestamptz,
  -- the teacher's correction of this answer (a content item)
  ADD COLUMN corrected_content_id uuid REFERENCES contents (id) ON DELETE SET NULL;
-- the "not helpful" filter and count read only the few marked ones
CREATE INDEX conversations_not_helpful_idx ON conversations (class_id, created_at)
  WHERE feedback = 'not_helpful';

-- A teacher's answer to a question students asked (a correction, or an answer to a question the
-- material did not cover): given as it is to the next student asking the same question. It is
-- the text of its content item; deleting the item deletes it.
CREATE TABLE class_answers (
  content_id uuid PRIMARY KEY REFERENCES contents (id) ON DELETE CASCADE,
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  question_key text NOT NULL,
  answer text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX class_answers_key_idx ON class_answers (class_id, md5(question_key), created_at DESC);

-- A trial visitor's ratings, by reply id (at most one per question of the session).
ALTER TABLE trial_sessions ADD COLUMN feedback jsonb NOT NULL DEFAULT '{}';
