-- Idempotency keys of uploads (issue 27): a client sends `Idempotency-Key` with an upload, so a
-- retry of an upload whose reply was lost (the connection dropped after the file was stored) is
-- not stored twice. The same teacher sending the same key again within the window (24 hours,
-- UPLOAD_IDEMPOTENCY_WINDOW_HOURS) gets the first upload's item. The primary key makes a race of
-- two such requests end with one item: the second's insert waits for the first's transaction and
-- then conflicts. A key goes with its item (deleted, or replaced by a newer syllabus), and past
-- the window it may name a new upload (housekeeping deletes it).
CREATE TABLE upload_keys (
  teacher_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (length(key) BETWEEN 8 AND 128),
  content_id uuid NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (teacher_id, key)
);
CREATE INDEX upload_keys_content_idx ON upload_keys (content_id);
CREATE INDEX upload_keys_created_idx ON upload_keys (created_at);
