/**
 * The student chat's limits and messages (SPEC §2 Student chat page, §5, §7 Chat, §9). No schemas
 * here, so a page that only shows them (the student chat, the trial) loads no zod.
 */
export const QUESTION_MAX_LENGTH = 1000;
export const SUGGESTED_QUESTIONS_MAX = 3;
export const CONTACT_REASON_MIN = 10;
export const CONTACT_REASON_MAX = 500;
export const SAMPLE_QUESTION_MAX_LENGTH = 200;
/** Wizard step 3 (SPEC §2): asked of a new class when the teacher tests it. */
export const DEFAULT_TEST_QUESTIONS = [
  'What are the learning objectives for this course?',
  'What is the grading breakdown?',
  'When are the assignments due?',
] as const;

export const SOURCE_TYPES = ['syllabus', 'content', 'other'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/**
 * What a reply is (decision 013): `answer`, a statement the assistant stands behind; `excerpt`, the
 * material quoted for the student to read and check; `none`, the material does not cover the
 * question (Contact Teacher is offered).
 */
export const REPLY_KINDS = ['answer', 'excerpt', 'none'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

export const CHAT_MESSAGES = {
  blankQuestion: 'Please enter a question.',
  questionTooLong: 'Questions can be at most 1,000 characters.',
  classInactive:
    'This class has been deactivated. Please contact your teacher to reactivate access.',
  inactivePage:
    'This class chat is currently inactive. Please contact your teacher to reactivate access to the course materials and AI assistant.',
  loadFailed: 'Failed to load chat session',
  connectFailed: 'Failed to connect to chat session',
  askFailed: 'Sorry, I encountered an error processing your question. Please try again.',
  invalidEmail: 'Please enter a valid email address.',
  reasonLength: `Please write between ${CONTACT_REASON_MIN} and ${CONTACT_REASON_MAX} characters.`,
} as const;

export const ANSWER_RATINGS = ['helpful', 'not_helpful'] as const;
export type AnswerRating = (typeof ANSWER_RATINGS)[number];
