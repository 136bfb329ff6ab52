-- The student chat page's one statement (features/chat/chat.repository.ts, sessionByShareId) as a
-- function: PL/pgSQL keeps its query's plan for the connection, where the same statement sent as
-- text is planned again on every call (planning took twice as long as running it, issue 16).
-- Headings as ChatRepository.materialHeadings reads them: each distinct heading once, in
-- document order (the syllabus first, then the other items in their display order).
CREATE FUNCTION chat_session(p_chat_uuid uuid, p_headings_limit integer)
RETURNS TABLE (
  id uuid,
  class_name text,
  description text,
  is_active boolean,
  school text,
  sample_questions text[],
  institution text,
  first_name text,
  last_name text,
  has_material boolean,
  headings text[]
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT c.id, c.class_name, c.description, c.is_active, c.school, c.sample_questions,
         u.institution, u.first_name, u.last_name,
         CASE WHEN cardinality(c.sample_questions) = 0 THEN
           EXISTS (SELECT 1 FROM contents ready
                   WHERE ready.class_id = c.id AND ready.status = 'ready')
         END,
         CASE WHEN cardinality(c.sample_questions) = 0 THEN
           ARRAY(
             SELECT h.heading FROM (
               SELECT DISTINCT ON (hd.heading) hd.heading,
                      ct.content_type <> 'syllabus' AS after_syllabus,
                      ct.display_order, ct.created_at, hd.position
               FROM contents ct
               JOIN content_headings hd ON hd.content_id = ct.id
               WHERE ct.class_id = c.id
               ORDER BY hd.heading, after_syllabus, ct.display_order, ct.created_at, hd.position
             ) h
             ORDER BY h.after_syllabus, h.display_order, h.created_at, h.position
             LIMIT p_headings_limit)
         END
  FROM classes c
  JOIN users u ON u.id = c.teacher_id
  WHERE c.chat_uuid = p_chat_uuid AND NOT c.is_draft;
END
$$;
