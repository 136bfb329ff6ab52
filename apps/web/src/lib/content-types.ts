/** SPEC §3 content types, as shown to teachers. */
const CONTENT_TYPE_LABELS: Record<string, string> = {
  syllabus: 'Syllabus',
  additional: 'Additional Content',
  content: 'Additional Content',
  sample_work: 'Sample Work',
  due_dates: 'Due Dates',
  other: 'Other Information',
  assignment: 'Assignment',
};

export function contentTypeLabel(type: string): string {
  return CONTENT_TYPE_LABELS[type] ?? type;
}
