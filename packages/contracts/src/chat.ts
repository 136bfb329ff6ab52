import {
  ANSWER_RATINGS,
  CHAT_MESSAGES,
  CONTACT_REASON_MAX,
  CONTACT_REASON_MIN,
  QUESTION_MAX_LENGTH,
  REPLY_KINDS,
  SAMPLE_QUESTION_MAX_LENGTH,
  SOURCE_TYPES,
  SUGGESTED_QUESTIONS_MAX,
} from './chat-messages.ts';
import { comingUpItemSchema } from './dates.ts';
import { z } from './zod.ts';

/** Student chat schemas (SPEC §2 Student chat page, §5, §7 Chat, §9). */

export const questionSchema = z
  .string()
  .trim()
  .min(1, CHAT_MESSAGES.blankQuestion)
  .max(QUESTION_MAX_LENGTH, CHAT_MESSAGES.questionTooLong);

/** POST /chat/ask/{chat_uuid} */
export const askInputSchema = z.object({
  question: questionSchema,
  student_identifier: z.string().trim().max(200).nullish(),
});

export type AskInput = z.infer<typeof askInputSchema>;

export const citationSchema = z.object({
  content_id: z.string(),
  title: z.string(),
  content_type: z.string(),
  /** the quoted passage the answer was taken from */
  excerpt: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const chatSessionSchema = z.object({
  class_name: z.string(),
  description: z.string().nullable(),
  sample_questions: z.array(z.string()),
  is_active: z.boolean(),
  school_name: z.string().nullable(),
  professor: z.object({ first_name: z.string(), last_name: z.string() }),
  /** the class's dated items in the next COMING_UP_DAYS days, in its time zone (issue 30) */
  coming_up: z.array(comingUpItemSchema),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

/**
 * What a deactivated class's share link still says of it (issue 31, item 4): the 403
 * CLASS_INACTIVE of GET /chat/session carries it as `class`, so the page that says the class is
 * unavailable names it. Only what the class's chat page shows in its header (its name, the
 * school, 'Professor' and the teacher's last name): nothing of its material or its questions.
 */
export const inactiveClassSchema = z.object({
  class_name: z.string(),
  school_name: z.string().nullable(),
  professor: z.object({ last_name: z.string() }),
});
export type InactiveClass = z.infer<typeof inactiveClassSchema>;

/** How sure the assistant is that the reply answers the question (0–1); below the server's threshold it declines. */
export const confidenceSchema = z.number().min(0).max(1);

/** What a reply is: an answer, an excerpt of the material, or none (REPLY_KINDS). */
export const replyKindSchema = z.enum(REPLY_KINDS);

export const chatReplySchema = z.object({
  id: z.string(),
  response: z.string(),
  created_at: z.string(),
  kind: replyKindSchema,
  source_type: z.enum(SOURCE_TYPES),
  citations: z.array(citationSchema),
  confidence: confidenceSchema,
  /** the teacher checked this answer (Check your assistant): confirmed, written or not covered */
  checked_by_teacher: z.boolean(),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

/** A student's rating of an answer: one tap, changeable, no account. */
export const answerRatingSchema = z.enum(ANSWER_RATINGS).nullable();

/** PUT /chat/feedback/{conversation_id}: null takes a rating back. */
export const answerFeedbackInputSchema = z.object({
  chat_uuid: z.string().uuid('Class not found'),
  rating: answerRatingSchema,
});
export const answerFeedbackSchema = z.object({ id: z.string(), rating: answerRatingSchema });
export type AnswerFeedback = z.infer<typeof answerFeedbackSchema>;

/** POST /chat/contact/{chat_uuid}: the conversation must belong to that class. Replies 201 {id, created_at}. */
export const contactInputSchema = z.object({
  conversation_id: z.string().uuid('Conversation not found'),
  student_email: z.string().trim().max(254).email(CHAT_MESSAGES.invalidEmail),
  request_reason: z
    .string()
    .trim()
    .min(CONTACT_REASON_MIN, CHAT_MESSAGES.reasonLength)
    .max(CONTACT_REASON_MAX, CHAT_MESSAGES.reasonLength),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export const contactReplySchema = z.object({ id: z.string(), created_at: z.string() });

/**
 * GET /chat/sample-questions/{class_id} and POST /chat/sample-questions (teacher only).
 * An empty list goes back to the defaults drawn from the material.
 */
export const sampleQuestionsInputSchema = z.object({
  class_id: z.string().uuid('Class not found'),
  questions: z
    .array(z.string().trim().min(1).max(SAMPLE_QUESTION_MAX_LENGTH))
    .max(SUGGESTED_QUESTIONS_MAX),
});
export const sampleQuestionsSchema = z.object({
  questions: z.array(z.string()),
  /** teacher: set by the teacher; material: drawn from the class's material */
  source: z.enum(['teacher', 'material']),
});
export type SampleQuestions = z.infer<typeof sampleQuestionsSchema>;

/** POST /chat/test/{class_id} (teacher only, wizard step 3): answered like a student's, not stored. */
export const testQuestionInputSchema = z.object({ question: questionSchema });
export const testReplySchema = chatReplySchema.pick({
  response: true,
  kind: true,
  source_type: true,
  citations: true,
  confidence: true,
  checked_by_teacher: true,
});
export type TestReply = z.infer<typeof testReplySchema>;
