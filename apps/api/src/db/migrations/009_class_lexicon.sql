-- The class's lexicon (issue 12, "no slower"): every lexeme of its chunks' tsv with the number of
-- chunks holding it (ndoc, as ts_stat counts it), and the class's chunk count. Asking reads these
-- by key instead of scanning all the class's chunks with ts_stat for each question.
--
-- Kept exact by statement-level triggers on content_chunks, in the transaction that inserts or
-- deletes the chunks, so every path is covered: uploads, replacing a syllabus or an item's text,
-- deleting an item, and cascades from deleting a class.
--
-- Concurrency: each statement first adds to the class's row in class_chunk_counts, which locks it
-- until commit; so writers to one class take their lexeme row locks one transaction at a time
-- (no lost counts, no deadlocks between two uploads), and writers to other classes never wait.
CREATE TABLE class_chunk_counts (
  class_id uuid PRIMARY KEY REFERENCES classes (id) ON DELETE CASCADE,
  chunks integer NOT NULL CHECK (chunks >= 0)
);

CREATE TABLE class_lexemes (
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  word text NOT NULL,
  -- 0 only inside the trigger that removes a word's last chunk, before it deletes the row
  ndoc integer NOT NULL CHECK (ndoc >= 0),
  PRIMARY KEY (class_id, word)
);
-- spelling correction looks only at words of about the misspelling's length
CREATE INDEX class_lexemes_length_idx ON class_lexemes (class_id, length(word));

-- One function for the three triggers below: a deleted chunk's lexemes are taken away, an
-- inserted one's added (an update does both). The class's count row is always written first.
CREATE FUNCTION class_lexicon_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- a class being deleted may have no row left here: then there is nothing to update
    UPDATE class_chunk_counts c SET chunks = c.chunks - r.n
    FROM (SELECT class_id, count(*) AS n FROM removed GROUP BY class_id) r
    WHERE c.class_id = r.class_id;

    UPDATE class_lexemes l SET ndoc = l.ndoc - r.n
    FROM (
      SELECT d.class_id, w.word, count(*) AS n
      FROM removed d, unnest(tsvector_to_array(d.tsv)) AS w (word)
      GROUP BY d.class_id, w.word
    ) r
    WHERE l.class_id = r.class_id AND l.word = r.word;

    DELETE FROM class_lexemes l
    USING (
      SELECT DISTINCT d.class_id, w.word
      FROM removed d, unnest(tsvector_to_array(d.tsv)) AS w (word)
    ) r
    WHERE l.class_id = r.class_id AND l.word = r.word AND l.ndoc = 0;
  END IF;

  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO class_chunk_counts AS c (class_id, chunks)
    SELECT class_id, count(*) FROM added GROUP BY class_id ORDER BY class_id
    ON CONFLICT (class_id) DO UPDATE SET chunks = c.chunks + excluded.chunks;

    -- tsvector_to_array lists each lexeme of a chunk once: count(*) is the chunks holding it
    INSERT INTO class_lexemes AS l (class_id, word, ndoc)
    SELECT a.class_id, w.word, count(*)
    FROM added a, unnest(tsvector_to_array(a.tsv)) AS w (word)
    GROUP BY a.class_id, w.word
    ORDER BY a.class_id, w.word
    ON CONFLICT (class_id, word) DO UPDATE SET ndoc = l.ndoc + excluded.ndoc;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER content_chunks_lexicon_insert AFTER INSERT ON content_chunks
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION class_lexicon_change();
CREATE TRIGGER content_chunks_lexicon_delete AFTER DELETE ON content_chunks
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION class_lexicon_change();
CREATE TRIGGER content_chunks_lexicon_update AFTER UPDATE ON content_chunks
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION class_lexicon_change();

-- the material stored before this migration
INSERT INTO class_chunk_counts (class_id, chunks)
SELECT class_id, count(*) FROM content_chunks GROUP BY class_id;
INSERT INTO class_lexemes (class_id, word, ndoc)
SELECT ch.class_id, w.word, count(*)
FROM content_chunks ch, unnest(tsvector_to_array(ch.tsv)) AS w (word)
GROUP BY ch.class_id, w.word;
