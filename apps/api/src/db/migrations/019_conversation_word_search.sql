-- The teacher's conversation search by word (issue 16, "teacher pages at scale"): a search finds
-- the words in any form ("grading" finds "grade", "graded") through PostgreSQL's English text
-- search, kept with the row and indexed with the class first (btree_gin, migration 006), so one
-- class's matches are found among every class's without reading the rows.
--
-- The lowered text and its trigram index (migration 006) stay: a search with no words English
-- text search knows (only stop words or punctuation, such as "%"), or one no conversation holds
-- as words (a piece of a word, a part of a code), is still matched as text.
ALTER TABLE conversations
  ADD COLUMN search_tsv tsvector
    GENERATED ALWAYS AS (to_tsvector('english'::regconfig, question || ' ' || response)) STORED;
-- Without fastupdate each student's question goes into the index as it is stored (a few dozen
-- entries, well under a millisecond) instead of a pending list that every search must read
-- through until the next vacuum: a class that is asking does not slow its teacher's searches.
CREATE INDEX conversations_search_tsv_idx ON conversations USING gin (class_id, search_tsv)
  WITH (fastupdate = off);
