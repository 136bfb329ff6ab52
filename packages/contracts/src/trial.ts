import { z } from './zod.ts';
import {
  answerRatingSchema,
  citationSchema,
  confidenceSchema,
  questionSchema,
  replyKindSchema,
} from './chat.ts';
import { SOURCE_TYPES } from './chat-messages.ts';
import { TRIAL_QUESTION_LIMIT } from './limits.ts';

/** The no-signup document trial (SPEC §1, §2 Trial document modal, §3, §5, §7 Trial, §8, §9). */
export const TRIAL_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const TRIAL_FILE_EXTENSIONS = ['pdf', 'docx', 'txt'] as const;
/** SPEC §9: the last six turns are sent with each question */
export const TRIAL_HISTORY_TURNS = 6;
export const TRIAL_SESSION_HOURS = 24;

export const TRIAL_MESSAGES = {
  // SPEC §5
  fileTooLarge: 'File too large. Maximum size is 10MB for trial.',
  fileType: 'File type not supported. Please upload PDF, DOCX, or TXT files.',
  sessionNotStarted: 'Session could not be started. Please try again.',
  // SPEC §8
  limitReached: "You've reached the trial limit. Sign up for unlimited access!",
  sessionExpired: 'Session expired. Please upload your document again.',
  chatFailed: 'Sorry, I encountered an error. Please try again.',
  uploadFailed: 'Upload failed.',
  /** the answer when the document does not cover the question (there is no teacher to contact) */
  notInDocument:
    "I couldn't find this in your document. Try asking about something it covers, or check the wording.",
  // server texts (the client maps them as SPEC §8 says: "limit", "session", "document")
  serverLimit: `Trial limit reached: a trial answers ${TRIAL_QUESTION_LIMIT} questions.`,
  serverSessionMissing: 'Trial session not found or expired.',
  serverNoDocument: 'Upload a document to this trial session first.',
  serverTooManySessions:
    'Too many trial sessions from your network today. Please try again tomorrow, or sign up.',
} as const;

const sessionId = z.string().uuid(TRIAL_MESSAGES.serverSessionMissing);

export const trialDocumentSchema = z.object({
  file_name: z.string(),
  file_size: z.number(),
  word_count: z.number(),
});
export type TrialDocument = z.infer<typeof trialDocumentSchema>;

/** POST /trial/session (start) and GET /trial/session/{id} */
export const trialSessionSchema = z.object({
  session_id: z.string(),
  expires_at: z.string(),
  questions_used: z.number(),
  questions_left: z.number(),
  document: trialDocumentSchema.nullable(),
});
export type TrialSession = z.infer<typeof trialSessionSchema>;

/** POST /trial/chat: the last six turns go with the question (SPEC §3, §9). */
export const trialChatInputSchema = z.object({
  session_id: sessionId,
  question: questionSchema,
  conversation_history: z
    .array(z.object({ question: z.string().max(2000), response: z.string().max(5000) }))
    .max(TRIAL_HISTORY_TURNS)
    .default([]),
});
export type TrialChatInput = z.input<typeof trialChatInputSchema>;

export const trialChatReplySchema = z.object({
  id: z.string(),
  response: z.string(),
  kind: replyKindSchema,
  source_type: z.enum(SOURCE_TYPES),
  citations: z.array(citationSchema),
  confidence: confidenceSchema,
  questions_left: z.number(),
});
export type TrialChatReply = z.infer<typeof trialChatReplySchema>;

/** PUT /trial/feedback: a visitor's rating of one of the session's answers (null takes it back). */
export const trialFeedbackInputSchema = z.object({
  session_id: sessionId,
  reply_id: z.string().uuid('Answer not found'),
  rating: answerRatingSchema,
});

/** What the browser keeps under the `trial_data` storage key (SPEC §3). */
export type TrialData = {
  session_id: string;
  expires_at: string;
  questions_left: number;
  document: TrialDocument | null;
};
