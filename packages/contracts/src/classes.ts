import { comingUpItemSchema, isoDateSchema, timeZoneSchema } from './dates.ts';
import { classCheckSummarySchema } from './assistant-check.ts';
import { z } from './zod.ts';
import { TITLE_MAX_LENGTH } from './limits.ts';
import { billingUsageSchema } from './billing.ts';

export const SEMESTERS = ['Spring', 'Summer', 'Fall', 'Winter'] as const;
export type Semester = (typeof SEMESTERS)[number];

export const CONTENT_TYPES = [
  'syllabus',
  'additional',
  'sample_work',
  'due_dates',
  'other',
  'assignment',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_STATUSES = ['processing', 'ready', 'failed'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const CONTENT_MESSAGES = {
  tooLarge: 'File size must be less than 50MB',
  unsupportedType: 'Unsupported file type. Please upload PDF, Word, Excel, or text files.',
} as const;
/**
 * The header of an upload that names it, so a retry is not stored twice: the client
 * chooses it (a random UUID per file it uploads, the same on that file's retries), and the same
 * teacher sending it again within UPLOAD_IDEMPOTENCY_WINDOW_HOURS gets the first upload's item.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const UPLOAD_IDEMPOTENCY_WINDOW_HOURS = 24;
export const idempotencyKeySchema = z
  .string()
  .regex(
    /^[\x21-\x7e]{8,128}$/,
    'Idempotency-Key must be 8 to 128 visible ASCII characters, such as a UUID',
  );
/** Accepted upload extensions (SPEC §5: PDF, Word, Excel, plain text, CSV). */
export const CONTENT_FILE_EXTENSIONS = [
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.txt',
  '.csv',
] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const classInputSchema = z.object({
  class_name: z.string().trim().min(1, 'Class name is required').max(200),
  course_code: optionalText(50),
  school: optionalText(200),
  department: optionalText(200),
  semester: z
    .enum(SEMESTERS)
    .nullish()
    .transform((v) => v ?? null),
  year: z
    .number()
    .int()
    .min(2000)
    .max(2100)
    .nullish()
    .transform((v) => v ?? null),
  student_size: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .nullish()
    .transform((v) => v ?? null),
  description: optionalText(2000),
  /** the term's first and last day (YYYY-MM-DD); defaulted from semester and year when left out */
  term_start: isoDateSchema.nullish().transform((v) => v ?? null),
  term_end: isoDateSchema.nullish().transform((v) => v ?? null),
  /** the IANA time zone the class's days are counted in (the teacher's browser's); default UTC */
  time_zone: timeZoneSchema.nullish().transform((v) => v ?? null),
});
export type ClassInput = z.input<typeof classInputSchema>;

/** POST /classes */
export const classCreateSchema = classInputSchema.extend({
  /**
   * A class still being made in the wizard: hidden from the dashboard, analytics and billing, its
   * chat link unavailable, until PUT sets `is_draft: false` (Create Class). Deleted after 7 days
   * untouched.
   */
  is_draft: z.boolean().optional(),
});

/** PUT /classes/{id}: any class field, or is_active alone; `is_draft: false` makes a draft a class. */
export const classUpdateSchema = classInputSchema.partial().extend({
  is_active: z.boolean().optional(),
  is_draft: z.literal(false, { error: 'A class cannot become a draft again' }).optional(),
});

export const classSchema = z.object({
  id: z.string().uuid(),
  class_name: z.string(),
  course_code: z.string().nullable(),
  school: z.string().nullable(),
  department: z.string().nullable(),
  semester: z.enum(SEMESTERS).nullable(),
  year: z.number().int().nullable(),
  student_size: z.number().int().nullable(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  /** still being made in the wizard (see classInputSchema) */
  is_draft: z.boolean(),
  chat_uuid: z.string().uuid(),
  question_count: z.number().int(),
  content_count: z.number().int(),
  has_syllabus: z.boolean(),
  professor: z.object({ first_name: z.string(), last_name: z.string() }),
  school_name: z.string().nullable(),
  sample_questions: z.array(z.string()),
  term_start: z.string().nullable(),
  term_end: z.string().nullable(),
  time_zone: z.string(),
  /** the next dated item of its material, today included (issue 30) */
  next_date: comingUpItemSchema.nullable(),
  /** how the class stands on Check your assistant (issue 29) */
  assistant_check: classCheckSummarySchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClassItem = z.infer<typeof classSchema>;

/** GET /classes?active_only=true|false */
export const classListQuerySchema = z.object({
  active_only: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export const classListSchema = z.object({
  classes: z.array(classSchema),
  billing_summary: billingUsageSchema,
});

export const contentOriginSchema = z.object({
  source: z.literal('slack'),
  channel_id: z.string(),
  channel_name: z.string().nullable(),
  shared_by: z.string(),
});
export type ContentOrigin = z.infer<typeof contentOriginSchema>;

export const contentItemSchema = z.object({
  id: z.string().uuid(),
  class_id: z.string().uuid(),
  title: z.string(),
  /** the extracted text; omitted (null) in lists — GET /content/{id} has it */
  content: z.string().nullable(),
  content_type: z.enum(CONTENT_TYPES),
  display_order: z.number().int(),
  file_name: z.string().nullable(),
  file_type: z.string().nullable(),
  file_size: z.number().int().nullable(),
  word_count: z.number().int(),
  /**
   * An uploaded file is stored first and read in the background: `processing` until its text is
   * extracted and indexed, then `ready` (answers use it) or `failed` with `status_reason`.
   */
  status: z.enum(CONTENT_STATUSES),
  /** why reading the file failed, in words for the teacher; null unless `failed` */
  status_reason: z.string().nullable(),
  /**
   * What the teacher should know about the text, in words for them: planted instructions to an
   * AI assistant, quoted (their passages are never sent to a model). Empty for most items, and
   * for those stored before warnings were read.
   */
  warnings: z.array(z.string()),
  /**
   * Where the item came from when it was not added in Syllabot: shared in a class's linked Slack
   * channel (the channel's name as it was then; `shared_by` is the Slack user id). Null otherwise.
   */
  origin: contentOriginSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/** 'content' is what the class wizard sends for additional material. */
export const contentTypeInputSchema = z
  .enum([...CONTENT_TYPES, 'content'])
  .transform((v): ContentType => (v === 'content' ? 'additional' : v));

const title = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .transform((v) => v.slice(0, TITLE_MAX_LENGTH));

/** POST /content (text content) */
export const contentCreateSchema = z.object({
  class_id: z.string().uuid(),
  title,
  content: z.string().trim().min(1, 'Content is required').max(2_000_000),
  content_type: contentTypeInputSchema.default('additional'),
  display_order: z.number().int().min(0).max(100_000).optional(),
  file_name: z.string().max(255).nullish(),
  file_type: z.string().max(100).nullish(),
  file_size: z.number().int().min(0).nullish(),
});
/** POST /content/syllabus (text syllabus; replaces the class's syllabus) */
export const syllabusCreateSchema = contentCreateSchema.omit({
  content_type: true,
  display_order: true,
});
/** PUT /content/{id} and PUT /content/syllabus/{class_id} */
export const contentUpdateSchema = z.object({
  title: title.optional(),
  content: z.string().trim().min(1).max(2_000_000).optional(),
  content_type: contentTypeInputSchema.optional(),
  display_order: z.number().int().min(0).max(100_000).optional(),
});

export const contentStatsSchema = z.object({
  total_items: z.number().int(),
  total_words: z.number().int(),
  has_syllabus: z.boolean(),
  by_type: z.record(z.string(), z.number().int()),
  chunk_count: z.number().int(),
});
