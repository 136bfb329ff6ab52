-- Each item's first distinct section headings (issue 12, "no slower"): the student session's
-- suggested questions are drawn from the class's headings in document order, which read every
-- chunk of the class (80 ms at 24,000 chunks). With these the session reads at most
-- HEADINGS_PER_ITEM rows per item instead (chat/sample-questions.ts).
--
-- Why per item, and why the first 50 are enough: the session wants the class's first 50 distinct
-- headings, items in display order. An item whose first 50 distinct headings include k already
-- seen in earlier items still brings at least 50 - k new ones, which is all that can be wanted
-- from it (the earlier items hold at least k of the 50). So the 50 (HEADINGS_LIMIT there) taken
-- from these rows are the same as those taken from all the chunks.
--
-- Kept by statement-level triggers on content_chunks, in the transaction that writes the chunks:
-- the items a statement touched are read again from their own chunks (by content_id, position),
-- which costs what the item's size costs, at ingest, once.
CREATE TABLE content_headings (
  content_id uuid NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  heading text NOT NULL,
  -- the position of the item's first chunk under this heading
  position integer NOT NULL,
  PRIMARY KEY (content_id, heading)
);

CREATE FUNCTION content_headings_of(items uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM content_headings WHERE content_id = ANY (items);
  INSERT INTO content_headings (content_id, heading, position)
  SELECT content_id, heading, position
  FROM (
    SELECT content_id, heading, position,
           row_number() OVER (PARTITION BY content_id ORDER BY position) AS nth
    FROM (
      SELECT DISTINCT ON (content_id, heading) content_id, heading, position
      FROM content_chunks
      WHERE content_id = ANY (items) AND heading IS NOT NULL
      ORDER BY content_id, heading, position
    ) first_use
  ) ranked
  WHERE nth <= 50; -- HEADINGS_PER_ITEM
$$;

CREATE FUNCTION content_headings_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM content_headings_of(ARRAY(SELECT DISTINCT content_id FROM added));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM content_headings_of(ARRAY(SELECT DISTINCT content_id FROM removed));
  ELSE
    PERFORM content_headings_of(ARRAY(
      SELECT content_id FROM added UNION SELECT content_id FROM removed));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER content_chunks_headings_insert AFTER INSERT ON content_chunks
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION content_headings_change();
CREATE TRIGGER content_chunks_headings_delete AFTER DELETE ON content_chunks
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION content_headings_change();
CREATE TRIGGER content_chunks_headings_update AFTER UPDATE ON content_chunks
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION content_headings_change();

-- the material stored before this migration
SELECT content_headings_of(ARRAY(SELECT id FROM contents));
