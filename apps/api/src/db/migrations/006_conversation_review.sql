-- The teacher's review of conversations (SPEC §2 Chat History / Chats) and closing the loop on
-- questions the material did not cover.

-- Search over question and answer: each word typed is a case-insensitive substring (ILIKE),
-- served by a trigram index so a class with 50,000 conversations stays fast.
CREATE INDEX conversations_search_trgm_idx ON conversations
  USING gin ((question || ' ' || response) gin_trgm_ops);

-- A 'not in the material' conversation is closed when the teacher answers it; the answer is a
-- content item, and deleting that item reopens the conversation.
ALTER TABLE conversations
  ADD COLUMN resolved_content_id uuid REFERENCES contents (id) ON DELETE SET NULL;
CREATE INDEX conversations_open_unanswered_idx ON conversations (class_id, created_at DESC)
  WHERE source_type = 'other' AND resolved_content_id IS NULL;
CREATE INDEX conversations_resolved_content_idx ON conversations (resolved_content_id)
  WHERE resolved_content_id IS NOT NULL;

-- The teacher's reply sent from the dashboard (also marks the request responded).
ALTER TABLE email_requests
  ADD COLUMN reply text CHECK (reply IS NULL OR char_length(reply) BETWEEN 1 AND 5000),
  ADD COLUMN replied_at timestamptz;
