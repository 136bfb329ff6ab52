import { z } from './zod.ts';
import { SOURCE_TYPES } from './chat-messages.ts';
import { answerRatingSchema, citationSchema, replyKindSchema } from './chat.ts';
import { contentItemSchema } from './classes.ts';
import { CONVERSATIONS_PAGE_SIZE, TITLE_MAX_LENGTH } from './limits.ts';

/** The teacher's side of conversations (SPEC §2 Chat History and Chats, §3, §7 Chat, §9). */
export const CONVERSATIONS_PAGE_SIZE_MAX = 100;
export const CONVERSATION_SEARCH_MAX_LENGTH = 200;
/** characters of the answer shown in a list row */
export const RESPONSE_PREVIEW_LENGTH = 160;
export const REPLY_MAX_LENGTH = 5000;
export const TEACHER_ANSWER_MAX_LENGTH = 10_000;
/** conversations one teacher answer can close at once */
export const ANSWER_CONVERSATIONS_MAX = 1000;

const uuid = (what: string) => z.string().uuid(`${what} not found`);

export const CONVERSATION_FILTERS = ['all', 'not_helpful', 'not_covered'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

/** GET /chat/conversations/{class_id}?page&per_page&search&filter */
export const conversationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONVERSATIONS_PAGE_SIZE_MAX)
    .default(CONVERSATIONS_PAGE_SIZE),
  search: z.string().trim().max(CONVERSATION_SEARCH_MAX_LENGTH).default(''),
  /** only the answers students marked not helpful, or those the material did not cover */
  filter: z.enum(CONVERSATION_FILTERS).default('all'),
});

export const conversationSummarySchema = z.object({
  id: z.string(),
  question: z.string(),
  response_preview: z.string(),
  /** what the student was given: an answer, an excerpt of the material, or none */
  kind: replyKindSchema,
  source_type: z.enum(SOURCE_TYPES),
  student_identifier: z.string().nullable(),
  created_at: z.string(),
  tokens_used: z.number(),
  response_time_ms: z.number(),
  /** the student's rating of the answer, if they gave one */
  feedback: answerRatingSchema,
  /** the teacher corrected this answer (the next student asking gets the correction) */
  corrected: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/**
 * A search counts its matches up to this many (or to the end of the page asked for, if further):
 * past it the total is a lower bound ("1,000+") and counting stops, however common the word.
 */
export const CONVERSATION_SEARCH_COUNT_MAX = 1000;

/** SPEC §7: "returns data list and total"; a page past the end is an empty list, not an error. */
export const conversationPageSchema = z.object({
  success: z.literal(true),
  data: z.array(conversationSummarySchema),
  /** every conversation of the class, or of a search's matches (see total_is_lower_bound) */
  total: z.number(),
  /**
   * true when a search has more matches than were counted: `total` (and `total_pages`) are
   * then "at least"; there is a next page
   */
  total_is_lower_bound: z.boolean(),
  page: z.number(),
  per_page: z.number(),
  total_pages: z.number(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** GET /chat/conversation/{id} */
export const conversationDetailSchema = conversationSummarySchema.extend({
  class_id: z.string(),
  response: z.string(),
  citations: z.array(citationSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** GET /chat/email-requests?class_id&status */
export const EMAIL_REQUEST_STATUSES = ['all', 'pending', 'responded'] as const;
export const emailRequestsQuerySchema = z.object({
  class_id: uuid('Class').optional(),
  status: z.enum(EMAIL_REQUEST_STATUSES).default('all'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const emailRequestSchema = z.object({
  id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  course_code: z.string().nullable(),
  conversation_id: z.string(),
  student_email: z.string(),
  conversation_question: z.string(),
  request_reason: z.string(),
  created_at: z.string(),
  /** null while pending (SPEC §4) */
  teacher_responded_at: z.string().nullable(),
  /** the teacher's reply sent from the dashboard, if any */
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  /**
   * the teacher answered its question for the class (in Unanswered, by correcting the answer, by
   * replying to a request asking the same, or in Check your assistant): no longer pending
   */
  answered: z.boolean(),
});
export type EmailRequest = z.infer<typeof emailRequestSchema>;

/**
 * Pending requests first, newest first; `unanswered` counts every pending one in scope (neither
 * responded nor answered).
 */
export const emailRequestListSchema = z.object({
  requests: z.array(emailRequestSchema),
  unanswered: z.number(),
});
export type EmailRequestList = z.infer<typeof emailRequestListSchema>;

export const REPLY_MESSAGES = {
  blank: 'Please write your reply.',
  tooLong: `Replies can be at most ${REPLY_MAX_LENGTH.toLocaleString('en-US')} characters.`,
} as const;

/** POST /chat/email-requests/{id}/reply: e-mailed to the student, stored, marks the request responded. */
export const emailReplyInputSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, REPLY_MESSAGES.blank)
    .max(REPLY_MAX_LENGTH, REPLY_MESSAGES.tooLong),
});
export type EmailReplyInput = z.input<typeof emailReplyInputSchema>;

/** GET /chat/unanswered/{class_id}: questions answered "not in the material", grouped. */
export const unansweredGroupSchema = z.object({
  /** the most recent wording */
  question: z.string(),
  count: z.number(),
  last_asked_at: z.string(),
  /** other wordings of the same question, most recent first (at most 5) */
  variants: z.array(z.string()),
  conversation_ids: z.array(z.string()),
});
export type UnansweredGroup = z.infer<typeof unansweredGroupSchema>;
export const unansweredListSchema = z.object({
  groups: z.array(unansweredGroupSchema),
  /** open unanswered conversations in the class */
  total: z.number(),
});
export type UnansweredList = z.infer<typeof unansweredListSchema>;

/**
 * POST /chat/unanswered/{class_id}/dismiss (a question not about the course leaves the list
 * without an answer) and …/restore (undoes it): the group's conversations.
 */
export const unansweredDismissInputSchema = z.object({
  conversation_ids: z
    .array(z.string().uuid('Conversation not found'))
    .min(1, 'Choose the questions to dismiss.')
    .max(ANSWER_CONVERSATIONS_MAX),
});
export type UnansweredDismissInput = z.input<typeof unansweredDismissInputSchema>;
export const unansweredDismissReplySchema = z.object({
  /** conversations whose state changed (a repeat changes none) */
  changed: z.number(),
});
export type UnansweredDismissReply = z.infer<typeof unansweredDismissReplySchema>;

export const TEACHER_ANSWER_MESSAGES = {
  questionBlank: 'Please enter the question.',
  answerBlank: 'Please write the answer.',
  answerTooLong: `Answers can be at most ${TEACHER_ANSWER_MAX_LENGTH.toLocaleString('en-US')} characters.`,
} as const;

/**
 * POST /chat/unanswered/{class_id}/answer: saved as an 'other' content item titled by the
 * question, so the next student who asks is answered from it; the listed conversations close.
 */
export const teacherAnswerInputSchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, TEACHER_ANSWER_MESSAGES.questionBlank)
    .transform((v) => v.slice(0, TITLE_MAX_LENGTH)),
  answer: z
    .string()
    .trim()
    .min(1, TEACHER_ANSWER_MESSAGES.answerBlank)
    .max(TEACHER_ANSWER_MAX_LENGTH, TEACHER_ANSWER_MESSAGES.answerTooLong),
  conversation_ids: z
    .array(z.string().uuid('Conversation not found'))
    .max(ANSWER_CONVERSATIONS_MAX),
});
export type TeacherAnswerInput = z.input<typeof teacherAnswerInputSchema>;
export const teacherAnswerReplySchema = z.object({
  content: contentItemSchema,
  /** conversations closed by this answer */
  resolved: z.number(),
});
export type TeacherAnswerReply = z.infer<typeof teacherAnswerReplySchema>;

/**
 * POST /chat/conversation/{id}/correct: the teacher's correct answer to a conversation's
 * question, saved as class material like an answer to an unanswered question; the next student
 * asking the same question is given it.
 */
export const correctionInputSchema = teacherAnswerInputSchema.pick({ answer: true });
export const correctionReplySchema = z.object({
  content: contentItemSchema,
  conversation: conversationSummarySchema,
});
export type CorrectionReply = z.infer<typeof correctionReplySchema>;

/** GET /chat/conversations/{class_id}/export: CSV columns, in order. */
export const CONVERSATION_CSV_COLUMNS = [
  'created_at',
  'student_identifier',
  'source_type',
  'question',
  'response',
  'sources',
  'tokens_used',
  'response_time_ms',
] as const;
