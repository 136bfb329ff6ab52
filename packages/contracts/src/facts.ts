import { z } from './zod.ts';

/** What a course fact is about: one table holds them all as subject–attribute–value. */
export const FACT_KINDS = [
  'meeting',
  'staff',
  'prerequisite',
  'corequisite',
  'text',
  'software',
  'grading',
  'grade_scale',
  'exam',
  'policy',
  'accommodations',
  'key_date',
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

/** 'extracted' at ingest from a content item; 'teacher' added or corrected by the teacher. */
export const FACT_ORIGINS = ['extracted', 'teacher'] as const;
export type FactOrigin = (typeof FACT_ORIGINS)[number];

/**
 * active: used for answers. overridden: an extracted fact the teacher corrected (the correction,
 * a teacher fact, is listed too and is what answers use). hidden: an extracted fact the teacher
 * deleted.
 */
export const FACT_STATUSES = ['active', 'overridden', 'hidden'] as const;

export const FACT_SUBJECT_MAX = 200;
export const FACT_ATTRIBUTE_MAX = 50;
export const FACT_VALUE_MAX = 1000;

const subject = z.string().trim().min(1, 'Subject is required').max(FACT_SUBJECT_MAX);
const attribute = z
  .string()
  .trim()
  .min(1, 'Attribute is required')
  .max(FACT_ATTRIBUTE_MAX)
  .regex(/^[a-z][a-z_]*$/, 'Attribute is a lower-case word such as email or office_hours');
const value = z.string().trim().min(1, 'Value is required').max(FACT_VALUE_MAX);

/** POST /classes/{class_id}/facts */
export const factCreateSchema = z.object({
  kind: z.enum(FACT_KINDS),
  subject,
  attribute,
  value,
});
export type FactCreate = z.infer<typeof factCreateSchema>;

/**
 * PATCH /classes/{class_id}/facts/{fact_id}: any of the fields (what it is, whom it is about, the
 * attribute, the value); at least one. `status: 'active'` restores a hidden fact (issue 31).
 */
export const factUpdateSchema = factCreateSchema
  .partial()
  .extend({ status: z.literal('active').optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');
export type FactUpdate = z.infer<typeof factUpdateSchema>;

export const factSourceSchema = z.object({
  content_id: z.string().uuid(),
  content_title: z.string(),
  chunk_id: z.string().nullable(),
  text: z.string(),
});

export const factSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(FACT_KINDS),
  subject: z.string(),
  attribute: z.string(),
  value: z.string(),
  origin: z.enum(FACT_ORIGINS),
  status: z.enum(FACT_STATUSES),
  /** a teacher fact correcting an extracted fact: that fact's id */
  overrides_id: z.string().uuid().nullable(),
  /** an extracted fact corrected by the teacher: the correction's id */
  overridden_by: z.string().uuid().nullable(),
  /** where an extracted fact was read; null for a teacher's own fact */
  source: factSourceSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CourseFact = z.infer<typeof factSchema>;
