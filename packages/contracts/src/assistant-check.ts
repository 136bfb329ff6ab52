import { testReplySchema, questionSchema } from './chat.ts';
import { z } from './zod.ts';

/**
 * Check your assistant (issue 29): the questions students ask most about any course, each with
 * the reply a student gets now, which the teacher confirms, rewrites or marks not covered.
 */

/**
 * `unchecked`: not looked at; `confirmed`: the reply, as it was, is the answer; `edited`: the
 * teacher's words are the answer; `not_covered`: students are told the course does not cover
 * it; `needs_review`: a confirmed answer whose passage changed or left the material.
 */
export const CHECK_STATUSES = [
  'unchecked',
  'confirmed',
  'edited',
  'not_covered',
  'needs_review',
] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
/** What the teacher may set (needs_review is the server's mark). */
export const CHECK_SET_STATUSES = ['unchecked', 'confirmed', 'edited', 'not_covered'] as const;
/** The statuses that give students a checked answer. */
export const CHECKED_STATUSES = ['confirmed', 'edited', 'not_covered'] as const;
export const isCheckedStatus = (status: string): boolean =>
  (CHECKED_STATUSES as readonly string[]).includes(status);

export const CHECK_ANSWER_MAX_LENGTH = 2000;
/** the teacher's own questions per class, beside the standard list */
export const CHECK_OWN_QUESTIONS_MAX = 30;

export const CHECK_MESSAGES = {
  answerRequired: 'Write the answer students should get.',
  answerTooLong: `Answers can be at most ${CHECK_ANSWER_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  nothingToConfirm:
    'There is no reply to confirm for this question. Write the answer, or mark it not covered.',
  tooManyOwn: `A class can have at most ${CHECK_OWN_QUESTIONS_MAX} questions of your own.`,
  alreadyListed: 'This question is already on the list.',
  /** what a student is told when the teacher marked a question not covered */
  notCovered:
    "Your teacher says this course doesn't cover that. If you still need help, use Contact Teacher to ask them.",
} as const;

export const assistantCheckItemSchema = z.object({
  /** a standard question's key ("office_hours"), or the id of a question the teacher added */
  id: z.string(),
  question: z.string(),
  /** from the standard list, or added by the teacher */
  standard: z.boolean(),
  /** what a student asking it gets now */
  reply: testReplySchema,
  status: z.enum(CHECK_STATUSES),
  /** the checked answer (confirmed or edited), or the one that needs a new look */
  answer: z.string().nullable(),
  /** when the teacher last checked it */
  checked_at: z.string().nullable(),
});
export type AssistantCheckItem = z.infer<typeof assistantCheckItemSchema>;

/** GET /api/classes/{id}/assistant-check */
export const assistantCheckSchema = z.object({
  items: z.array(assistantCheckItemSchema),
  /** standard questions checked (confirmed, edited or not covered), of `total` */
  checked: z.number().int(),
  total: z.number().int(),
});
export type AssistantCheck = z.infer<typeof assistantCheckSchema>;

/** PUT /api/classes/{id}/assistant-check/{item_id}: `answer` is required for `edited`. */
export const assistantCheckUpdateSchema = z
  .object({
    status: z.enum(CHECK_SET_STATUSES),
    answer: z
      .string()
      .trim()
      .min(1, CHECK_MESSAGES.answerRequired)
      .max(CHECK_ANSWER_MAX_LENGTH, CHECK_MESSAGES.answerTooLong)
      .optional(),
  })
  .refine((v) => v.status !== 'edited' || v.answer !== undefined, {
    message: CHECK_MESSAGES.answerRequired,
    path: ['answer'],
  });
export type AssistantCheckUpdate = z.infer<typeof assistantCheckUpdateSchema>;

/** POST /api/classes/{id}/assistant-check: a question of the teacher's own. Replies 201 with the item. */
export const assistantCheckAddSchema = z.object({ question: questionSchema });

/** How a class stands on its check, for its card. */
export const classCheckSummarySchema = z.object({
  checked: z.number().int(),
  total: z.number().int(),
  needs_review: z.number().int(),
  /** standard questions students asked in the last 30 days that are not checked */
  asked_unchecked: z.number().int(),
});
export type ClassCheckSummary = z.infer<typeof classCheckSummarySchema>;
