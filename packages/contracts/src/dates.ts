import { FACT_ORIGINS, factSourceSchema } from './facts.ts';
import { z } from './zod.ts';

/**
 * What day it is for a class (issue 30): its term and time zone, and the dated items of its
 * material (exams, due dates, no-class days), read from its course facts with the year inferred
 * from the term.
 */

/** exam: an exam or quiz; due: something due; no_class: a holiday, break or cancelled class; event: anything else dated */
export const DATED_KINDS = ['exam', 'due', 'no_class', 'event'] as const;
export type DatedKind = (typeof DATED_KINDS)[number];

/** Days the student chat's "Coming up" card looks ahead, today included. */
export const COMING_UP_DAYS = 7;

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const DATE_MESSAGES = {
  badDate: 'Enter a date as YYYY-MM-DD.',
  badTimeZone: 'Choose a time zone such as America/New_York.',
  termOrder: 'The term must end on or after the day it starts.',
  nothingToUpdate: 'Nothing to update',
} as const;

const isRealDate = (s: string) => {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** A calendar day, YYYY-MM-DD. */
export const isoDateSchema = z.string().trim().refine(isRealDate, DATE_MESSAGES.badDate);
/** An IANA time zone ("America/New_York"). */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, DATE_MESSAGES.badTimeZone);

export const datedItemSchema = z.object({
  /** the course fact it was read from */
  id: z.string().uuid(),
  /** YYYY-MM-DD */
  date: z.string(),
  /** what happens: "Midterm 1", "Essay 2 due", "Thanksgiving: no class" */
  title: z.string(),
  kind: z.enum(DATED_KINDS),
  /** the date as the material gives it ("Oct 14 at 2 pm") */
  when: z.string(),
  origin: z.enum(FACT_ORIGINS),
  /** where it was read; null for a teacher's own */
  source: factSourceSchema.nullable(),
});
export type DatedItem = z.infer<typeof datedItemSchema>;

/** GET /api/classes/{id}/dates: the dated items in date order, and the class's day. */
export const classDatesSchema = z.object({
  items: z.array(datedItemSchema),
  /** today in the class's time zone, YYYY-MM-DD */
  today: z.string(),
  term_start: z.string().nullable(),
  term_end: z.string().nullable(),
  time_zone: z.string(),
});
export type ClassDates = z.infer<typeof classDatesSchema>;

/** PUT /api/classes/{id}/dates/{item_id}: a new date, a new title, or both. */
export const datedItemUpdateSchema = z
  .object({ date: isoDateSchema.optional(), title: z.string().trim().min(1).max(200).optional() })
  .refine((v) => v.date !== undefined || v.title !== undefined, DATE_MESSAGES.nothingToUpdate);
export type DatedItemUpdate = z.infer<typeof datedItemUpdateSchema>;

/** What is coming up, for the student chat and the class card. */
export const comingUpItemSchema = z.object({
  date: z.string(),
  title: z.string(),
  kind: z.enum(DATED_KINDS),
});
export type ComingUpItem = z.infer<typeof comingUpItemSchema>;

/** The kinds of date question Analytics counts. */
export const DATE_QUESTION_KINDS = [
  'today',
  'tomorrow',
  'this_week',
  'next_week',
  'weekday',
  'next_exam',
] as const;
export type DateQuestionKind = (typeof DATE_QUESTION_KINDS)[number];
