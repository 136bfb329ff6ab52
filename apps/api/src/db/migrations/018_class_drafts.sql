-- A class the wizard is still making (issue 17): created by step 1 so that the syllabus can be
-- uploaded to it, but hidden from the dashboard, analytics and billing, its chat link unavailable,
-- until Create Class. An abandoned draft is offered back to its teacher and deleted after 7 days.
ALTER TABLE classes ADD COLUMN is_draft boolean NOT NULL DEFAULT false;
CREATE INDEX classes_drafts_idx ON classes (teacher_id, updated_at) WHERE is_draft;
