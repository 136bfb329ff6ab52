-- A question the teacher answered is answered everywhere (issue 31, item 6): the Unanswered tab,
-- Analytics' "Answer them" and the contact request all read one definition,
-- conversation_answered_by_teacher below, instead of each its own column.
--
-- The teacher answers a student's question by
--   answering it in Unanswered                     resolved_content_id (migration 006)
--   correcting the answer                          corrected_content_id (migration 021)
--   e-mailing a reply to a contact request         answered_request_id (here): the request's
--                                                  conversation and the open ones asking the same
--   checking the question it matched: their own    check_key (migration 032) with the check
--   words (edited) or "not covered in this         edited or not_covered
--   course" (not_covered)
-- and takes a question off the unanswered list without answering it by dismissing it (a question
-- not about the course): dismissed_at.
ALTER TABLE conversations
  ADD COLUMN answered_request_id uuid REFERENCES email_requests (id) ON DELETE SET NULL,
  ADD COLUMN dismissed_at timestamptz;

CREATE FUNCTION conversation_answered_by_teacher(cv conversations) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN cv.resolved_content_id IS NOT NULL
    OR cv.corrected_content_id IS NOT NULL
    OR cv.answered_request_id IS NOT NULL
    OR (cv.check_key IS NOT NULL AND EXISTS (
      SELECT 1 FROM assistant_checks a
      WHERE a.class_id = cv.class_id AND coalesce(a.standard_key, a.id::text) = cv.check_key
        AND a.status IN ('edited', 'not_covered')));

-- On the unanswered list: the material did not cover it, and the teacher neither answered nor
-- dismissed it. The repositories put the partial index's condition (migration 006: source_type
-- 'other', resolved_content_id null) before it, so a class's list reads only that index's rows.
CREATE FUNCTION conversation_unanswered(cv conversations) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN cv.source_type = 'other' AND cv.dismissed_at IS NULL
    AND NOT conversation_answered_by_teacher(cv);

-- A student's contact request still waiting for the teacher: neither marked responded (a reply
-- marks it too) nor about a question the teacher answered. The repositories put the partial
-- index's condition (migration 005: teacher_responded_at null) before it.
CREATE FUNCTION contact_request_pending(r email_requests) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN r.teacher_responded_at IS NULL AND NOT EXISTS (
    SELECT 1 FROM conversations cv
    WHERE cv.id = r.conversation_id AND conversation_answered_by_teacher(cv));
