-- Uploaded files are stored first and read by a background job (pg-boss, decision 008): an item
-- is 'processing' until its text and chunks are in, then 'ready', or 'failed' with the reason.
-- Only ready items have chunks, so answers never see a half-read file.
ALTER TABLE contents
  ADD COLUMN status text NOT NULL DEFAULT 'ready'
    CHECK (status IN ('processing', 'ready', 'failed')),
  ADD COLUMN status_reason text,
  -- the error code of a failed read (PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, VALIDATION_ERROR),
  -- so an upload that fails while its request waits answers with the right status
  ADD COLUMN failure_code text;

-- one ready syllabus per class; a new one may be processing beside it until it replaces it
DROP INDEX contents_one_syllabus_per_class;
CREATE UNIQUE INDEX contents_one_syllabus_per_class ON contents (class_id)
  WHERE content_type = 'syllabus' AND status = 'ready';

-- The bytes of an uploaded file, written in parts as the request streams in (memory stays at
-- one part however large the file), until its job has read it. An upload not attached to an
-- item (the request failed or the server died mid-stream) is deleted by housekeeping.
CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  content_id uuid UNIQUE REFERENCES contents (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_unattached_idx ON uploads (created_at) WHERE content_id IS NULL;

CREATE TABLE upload_parts (
  upload_id uuid NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (upload_id, seq)
);
