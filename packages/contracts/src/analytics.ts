import { z } from './zod.ts';
import { CONTENT_TYPES } from './classes.ts';
import { DATE_QUESTION_KINDS } from './dates.ts';

/** GET /chat/analytics/{class_id}?days&tz (SPEC §7 Chat; the figures replace §2's placeholder). */
export const ANALYTICS_RANGES = [7, 30, 90, 365] as const;
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_TOP_QUESTIONS = 10;
/**
 * A class's figures for one range and zone are counted again at most this often: teachers
 * reloading analytics then cost students' asks no more than any cheap request, and figures are
 * never older than this.
 */
export const ANALYTICS_RECOUNT_SECONDS = 30;

export const analyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (ANALYTICS_RANGES as readonly number[]).includes(d), {
      message: `Choose one of ${ANALYTICS_RANGES.join(', ')} days.`,
    })
    .default(ANALYTICS_DEFAULT_DAYS),
  /** IANA time zone the days and hours are counted in (the teacher's browser); default UTC */
  tz: z.string().trim().min(1).max(64).default('UTC'),
});

const questionGroupSchema = z.object({
  question: z.string(),
  count: z.number(),
  last_asked_at: z.string(),
});

export const analyticsSchema = z.object({
  class_id: z.string(),
  range: z.object({
    /** first and last day counted, YYYY-MM-DD in time_zone */
    from: z.string(),
    to: z.string(),
    days: z.number(),
    time_zone: z.string(),
  }),
  totals: z.object({
    questions: z.number(),
    /** answered from the material (source_type syllabus or content) */
    answered: z.number(),
    /** source_type other: the material did not cover it */
    not_answered: z.number(),
    /** answered, but the student marked the answer not helpful */
    not_helpful: z.number(),
    contact_requests: z.number(),
    pending_requests: z.number(),
    /** null with no questions */
    avg_response_time_ms: z.number().nullable(),
  }),
  /** one entry per day of the range, oldest first, zeros included */
  per_day: z.array(
    z.object({
      date: z.string(),
      questions: z.number(),
      answered: z.number(),
      not_answered: z.number(),
    }),
  ),
  /** 24 entries, hour 0 to 23 in time_zone */
  by_hour: z.array(z.object({ hour: z.number(), questions: z.number() })),
  /** the most asked questions, grouped when they are the same question in other words */
  top_questions: z.array(questionGroupSchema),
  /** the most asked questions the material did not cover, grouped */
  unanswered_questions: z.array(questionGroupSchema),
  /** every content item of the class with how often answers cited it in the range (0 = never) */
  content_usage: z.array(
    z.object({
      content_id: z.string(),
      title: z.string(),
      content_type: z.enum(CONTENT_TYPES),
      citations: z.number(),
    }),
  ),
  /** one entry per day of the range, oldest first, zeros included */
  contact_requests_per_day: z.array(z.object({ date: z.string(), requests: z.number() })),
  /** the date questions students asked over the range, by kind, most asked first (issue 30) */
  date_questions: z.array(z.object({ kind: z.enum(DATE_QUESTION_KINDS), count: z.number() })),
  /** Check your assistant (issue 29), over the range */
  assistant_check: z.object({
    /** questions answered from a checked answer */
    answered_from_checks: z.number(),
    /** standard questions students asked that the teacher has not checked, most asked first */
    asked_unchecked: z.array(z.object({ id: z.string(), question: z.string(), count: z.number() })),
  }),
  /**
   * the instant these figures were counted (ISO 8601): the server counts a class's view again at
   * most every ANALYTICS_RECOUNT_SECONDS, so a reload may show figures up to that old
   */
  counted_at: z.string(),
});
export type Analytics = z.infer<typeof analyticsSchema>;
