-- What kind of reply a student was given (issue 26): an answer the assistant stands behind, an
-- excerpt of the material quoted for the student to read, or none (the material does not cover
-- it). Replies before this migration were all presented as answers, or said "not covered".
ALTER TABLE conversations
  ADD COLUMN kind text NOT NULL DEFAULT 'answer' CHECK (kind IN ('answer', 'excerpt', 'none'));
UPDATE conversations SET kind = 'none' WHERE source_type = 'other';
