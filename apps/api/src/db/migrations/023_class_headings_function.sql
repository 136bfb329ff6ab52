-- One definition of the headings suggested questions are drawn from, for the student chat page
-- (chat_session, migration 022) and the teacher's suggested questions
-- (ChatRepository.materialHeadings): each distinct heading once, in document order (the syllabus
-- first, then the other items in their display order), from each item's first headings
-- (content_headings, migration 010).
CREATE FUNCTION class_headings(p_class_id uuid, p_limit integer) RETURNS text[]
  LANGUAGE sql STABLE
  RETURN ARRAY(
    SELECT h.heading FROM (
      SELECT DISTINCT ON (hd.heading) hd.heading,
             ct.content_type <> 'syllabus' AS after_syllabus,
             ct.display_order, ct.created_at, hd.position
      FROM contents ct
      JOIN content_headings hd ON hd.content_id = ct.id
      WHERE ct.class_id = p_class_id
      ORDER BY hd.heading, after_syllabus, ct.display_order, ct.created_at, hd.position
    ) h
    ORDER BY h.after_syllabus, h.display_order, h.created_at, h.position
    LIMIT p_limit);

-- Whether the class has any material answers can use.
CREATE FUNCTION class_has_material(p_class_id uuid) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN EXISTS (SELECT 1 FROM contents WHERE class_id = p_class_id AND status = 'ready');

CREATE OR REPLACE FUNCTION chat_session(p_chat_uuid uuid, p_headings_limit integer)
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
         CASE WHEN cardinality(c.sample_questions) = 0 THEN class_has_material(c.id) END,
         CASE WHEN cardinality(c.sample_questions) = 0
              THEN class_headings(c.id, p_headings_limit) END
  FROM classes c
  JOIN users u ON u.id = c.teacher_id
  WHERE c.chat_uuid = p_chat_uuid AND NOT c.is_draft;
END
$$;
