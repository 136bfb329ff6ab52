import type { CourseFact } from '@app/contracts';

let seq = 0;

/** A course fact as GET /classes/{id}/facts lists it: extracted from the syllabus by default. */
export function makeFact(overrides: Partial<CourseFact> = {}): CourseFact {
  seq += 1;
  return {
    id: `00000000-0000-4000-9000-${String(seq).padStart(12, '0')}`,
    kind: 'staff',
    subject: 'Dr. Kung',
    attribute: 'email',
    value: `value ${seq}`,
    origin: 'extracted',
    status: 'active',
    overrides_id: null,
    overridden_by: null,
    source: {
      content_id: '00000000-0000-4000-8000-000000009999',
      content_title: 'Course Syllabus',
      chunk_id: '1',
      text: `Source line ${seq}`,
    },
    created_at: '2025-09-01T12:00:00.000Z',
    updated_at: '2025-09-01T12:00:00.000Z',
    ...overrides,
  };
}
