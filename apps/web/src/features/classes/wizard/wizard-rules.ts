import { browserTimeZone } from '@/lib/dates';
import {
  classInfoSchema,
  withTermOrder,
  type ClassInfoRules,
  type ClassInfoValues,
} from '../class-info-fields';
import { termDefaults } from '../class-term';
import type { ClassPayload } from '../api/create-class';

/**
 * The create wizard's texts and limits (SPEC §2, §5, §8, §9). SPEC's years, 2025 to 2030 with
 * 2025 first, were this year and the five after it when it was written: so they are here.
 */
const THIS_YEAR = new Date().getFullYear();
export const WIZARD_YEARS: readonly number[] = Array.from({ length: 6 }, (_, i) => THIS_YEAR + i);
export const WIZARD_MIN_STUDENTS = 1;
export const WIZARD_MAX_STUDENTS = 500;

export const WIZARD_TEXT = {
  nameRequired: 'Class name is required',
  syllabusRequired: 'Add your syllabus: upload a file or paste its text.',
  studentsRange: `Expected students must be a whole number from ${WIZARD_MIN_STUDENTS} to ${WIZARD_MAX_STUDENTS}`,
  uploadsPending: 'Please wait for all file uploads to complete before creating the class.',
  entryIncomplete: 'A text content entry needs both a title and content.',
  createFailed: 'Failed to create class',
  updateFailed: 'Failed to update class information',
  uploadFailed: 'Upload failed',
  draftFailed: 'Failed to load draft',
  testFailed: 'Failed to test question',
  aiFailed: 'Failed to get AI response',
  noContent: 'Please upload content first to test AI responses',
  syllabusReading: 'Your syllabus is still being read',
  syllabusReadingHint:
    'You can test the assistant as soon as it is ready. This updates by itself; it can take a minute for a long file.',
  syllabusFailed: 'Your syllabus could not be read',
} as const;

export const STEP_NAMES = [
  'Class info & syllabus',
  'Additional content',
  'Check your assistant',
] as const;

/** A file's state in the wizard (SPEC §4): uploading, processing, completed or error. */
export type UploadStatus = 'uploading' | 'processing' | 'completed' | 'error';
export const UPLOAD_STATUS_TEXT: Record<UploadStatus, string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  completed: 'Completed',
  error: 'Error',
};

/** Step 2's summary of the class's material: "This class has: Syllabus · 2 files · 1 text entry". */
export function classHoldings({
  syllabus,
  files,
  textEntries,
}: {
  syllabus: boolean;
  files: number;
  textEntries: number;
}): string {
  const parts = [
    syllabus ? 'Syllabus' : null,
    files ? `${files} ${files === 1 ? 'file' : 'files'}` : null,
    textEntries ? `${textEntries} ${textEntries === 1 ? 'text entry' : 'text entries'}` : null,
  ].filter(Boolean);
  return parts.length ? `This class has: ${parts.join(' · ')}` : 'This class has no material yet.';
}

const FALL_TERM = termDefaults('Fall', THIS_YEAR);

/**
 * Step 1's class fields: semester Fall, this year, its usual term, the browser's time zone and
 * 25 students to begin with.
 */
export const WIZARD_CLASS_DEFAULTS: ClassInfoValues = {
  class_name: '',
  course_code: '',
  school: '',
  department: '',
  semester: 'Fall',
  year: String(THIS_YEAR),
  student_size: '25',
  description: '',
  term_start: FALL_TERM?.start ?? '',
  term_end: FALL_TERM?.end ?? '',
  time_zone: browserTimeZone(),
};

/**
 * A teacher's new class (issue 31, item 9): the defaults, with School the institution they gave
 * at sign-up (or in My Account).
 */
export function wizardClassDefaults(
  teacher: { institution: string | null; school: string | null } | null,
): ClassInfoValues {
  const school = teacher?.institution?.trim() || teacher?.school?.trim() || '';
  return { ...WIZARD_CLASS_DEFAULTS, school };
}

/**
 * A saved draft's class fields, with what an older draft lacks: the term of its own semester and
 * year, the browser's time zone.
 */
export function draftClassInfo(
  saved: Partial<ClassInfoValues>,
  defaults: ClassInfoValues = WIZARD_CLASS_DEFAULTS,
): ClassInfoValues {
  const info = { ...defaults, ...saved };
  if (saved.term_start === undefined && saved.term_end === undefined) {
    const term = termDefaults(info.semester, info.year);
    info.term_start = term?.start ?? '';
    info.term_end = term?.end ?? '';
  }
  return info;
}

export const WIZARD_CLASS_RULES: ClassInfoRules = {
  nameLabel: 'Class name',
  students: {
    min: WIZARD_MIN_STUDENTS,
    max: WIZARD_MAX_STUDENTS,
    message: WIZARD_TEXT.studentsRange,
  },
  studentsLabelOptional: false,
  semesterOptional: false,
  years: WIZARD_YEARS,
  placeholders: { class_name: 'e.g. Introduction to Biology', course_code: 'e.g. BIO 101' },
};

export const wizardClassSchema = withTermOrder(classInfoSchema(WIZARD_CLASS_RULES));

/** The class as POST /classes takes it, or the first rule the fields break. */
export function wizardClassPayload(
  info: ClassInfoValues,
): { payload: ClassPayload; problem?: undefined } | { payload?: undefined; problem: string } {
  const parsed = wizardClassSchema.safeParse(info);
  return parsed.success
    ? { payload: parsed.data }
    : { problem: parsed.error.issues[0]?.message ?? WIZARD_TEXT.nameRequired };
}
