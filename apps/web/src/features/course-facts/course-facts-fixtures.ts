import type { ClassDates, CourseFact, DatedItem } from '@app/contracts';

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

let itemSeq = 0;

/** A dated item as GET /classes/{id}/dates lists it: read from the syllabus by default. */
export function makeDatedItem(overrides: Partial<DatedItem> = {}): DatedItem {
  itemSeq += 1;
  return {
    id: `00000000-0000-4000-a000-${String(itemSeq).padStart(12, '0')}`,
    date: '2025-10-14',
    title: `Item ${itemSeq}`,
    kind: 'due',
    when: 'Oct 14',
    origin: 'extracted',
    source: {
      content_id: '00000000-0000-4000-8000-000000009999',
      content_title: 'Course Syllabus',
      chunk_id: '1',
      text: `Schedule line ${itemSeq}`,
    },
    ...overrides,
  };
}

/** A class's dates: today Oct 7, 2025, a Fall term in New York. */
export function makeClassDates(overrides: Partial<ClassDates> = {}): ClassDates {
  return {
    items: [],
    today: '2025-10-07',
    term_start: '2025-08-25',
    term_end: '2025-12-15',
    time_zone: 'America/New_York',
    ...overrides,
  };
}
