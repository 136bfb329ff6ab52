import type { ClassItem, ContentItem } from '@app/contracts';

let seq = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeClass(overrides: Partial<ClassItem> = {}): ClassItem {
  seq += 1;
  return {
    id: uuid(seq),
    class_name: `Class ${seq}`,
    course_code: 'BIO 101',
    school: 'State University',
    department: 'Biology',
    semester: 'Fall',
    year: 2025,
    student_size: 30,
    description: null,
    is_active: true,
    is_draft: false,
    chat_uuid: uuid(1000 + seq),
    question_count: 4,
    content_count: 2,
    has_syllabus: true,
    professor: { first_name: 'Ada', last_name: 'Lovelace' },
    school_name: 'State University',
    sample_questions: [],
    term_start: '2025-08-25',
    term_end: '2025-12-15',
    time_zone: 'America/New_York',
    next_date: null,
    assistant_check: { checked: 0, total: 20, needs_review: 0, asked_unchecked: 0 },
    created_at: '2025-09-01T12:00:00.000Z',
    updated_at: '2025-09-01T12:00:00.000Z',
    ...overrides,
  };
}

export function makeContent(overrides: Partial<ContentItem> = {}): ContentItem {
  seq += 1;
  return {
    id: uuid(5000 + seq),
    class_id: uuid(1),
    title: `Item ${seq}`,
    content: null,
    content_type: 'additional',
    display_order: 0,
    file_name: null,
    file_type: null,
    file_size: null,
    word_count: 120,
    status: 'ready',
    status_reason: null,
    warnings: [],
    origin: null,
    created_at: '2025-09-02T12:00:00.000Z',
    updated_at: '2025-09-02T12:00:00.000Z',
    ...overrides,
  };
}
