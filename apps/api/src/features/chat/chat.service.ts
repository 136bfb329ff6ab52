import {
  CHAT_MESSAGES,
  CHECK_MESSAGES,
  isCheckedStatus,
  type DateQuestionKind,
} from '@app/contracts';
import { AppError, notFound } from '../../errors.ts';
import type { AnswerFeedback, AnswerRating, InactiveClass } from '@app/contracts';
import {
  confidenceOfReply,
  type Answer,
  type Answerer,
  type Citation,
  type OnAnswerText,
} from '../answering/answerer.ts';
import { clip } from '../answering/clip.ts';
import { tooManyRequests, type Limit, type RateLimiter } from '../ratelimit/rate-limiter.ts';
import { classWordsOf, matchingQuestion } from '../assistant-check/matching.ts';
import type { StandardWordings } from '../assistant-check/standard-wordings.ts';
import type { DatesService } from '../dates/dates.service.ts';
import type { AskContext, ChatRepository, CheckRow, TeacherAnswerRow } from './chat.repository.ts';
import { suggestedQuestionsOf } from './sample-questions.ts';

/** Per client address and per class (ten times the address limit), each per minute. */
function chatLimits(perMinute: number): { perAddress: Limit; perClass: Limit; ratings: Limit } {
  return {
    perAddress: { max: perMinute, windowSeconds: 60 },
    perClass: { max: perMinute * 10, windowSeconds: 60 },
    ratings: { max: perMinute * 2, windowSeconds: 60 },
  };
}

/** How much of the teacher's answer a source card shows. */
const TEACHER_EXCERPT_CHARS = 300;

/** The teacher's answer as the assistant's reply: sure of itself, citing the teacher's item. */
function answerOfTeacher(own: TeacherAnswerRow): Answer {
  return {
    response: own.answer,
    kind: 'answer',
    sourceType: own.content_type === 'syllabus' ? 'syllabus' : 'content',
    citations: [
      {
        content_id: own.content_id,
        title: own.title,
        content_type: own.content_type,
        excerpt: clip(own.answer.replace(/\s+/g, ' ').trim(), TEACHER_EXCERPT_CHARS),
      },
    ],
    tokensUsed: 0,
    confidence: 1,
  };
}

/**
 * A checked answer as the assistant's reply: the teacher's (edited), the reply they confirmed
 * with its sources, or "not covered in this course" (Contact Teacher is offered, as for any reply
 * the material does not cover).
 */
function answerOfCheck(check: CheckRow): Answer {
  if (check.status === 'not_covered')
    return {
      response: CHECK_MESSAGES.notCovered,
      kind: 'none',
      sourceType: 'other',
      citations: [],
      tokensUsed: 0,
      confidence: 1,
    };
  const syllabus = check.citations.length === 0 || check.citations[0]!.content_type === 'syllabus';
  return {
    response: check.answer ?? '',
    kind: 'answer',
    sourceType: syllabus ? 'syllabus' : 'content',
    citations: check.citations,
    tokensUsed: 0,
    confidence: 1,
  };
}

/**
 * A reply and the checked question the student's matched, if any: `used` when the checked answer
 * was given (Analytics counts both).
 */
export type ChatAnswer = Answer & {
  check: { key: string; used: boolean } | null;
  /** the kind of date question, when it was one answered from the class's dates */
  dateAsk?: DateQuestionKind;
};

const CLASS_INACTIVE_MESSAGE = CHAT_MESSAGES.classInactive;
const BUSY = 'You are asking questions a little too quickly. Please wait a moment and try again.';

/** The public side of a class, reached by its share link's chat_uuid. */
type ChatServiceDeps = {
  repo: ChatRepository;
  limiter: RateLimiter;
  answerer: Answerer;
  /** the standard questions of Check your assistant, with their group keys */
  standard: StandardWordings;
  /** questions about time, answered from the class's dated items; what is coming up */
  dates: Pick<DatesService, 'answer' | 'comingUp'>;
  /** CHAT_RATE_LIMIT_PER_MINUTE */
  questionsPerMinute?: number;
};

export class ChatService {
  private readonly limits: ReturnType<typeof chatLimits>;

  constructor(private readonly deps: ChatServiceDeps) {
    this.limits = chatLimits(deps.questionsPerMinute ?? 30);
  }

  /** What the student chat page shows, read in one round trip. */
  async session(chatUuid: string) {
    const c = await this.deps.repo.sessionByShareId(chatUuid);
    if (!c) throw notFound('Class');
    const school_name = c.school ?? c.institution;
    if (!c.is_active) {
      // the page saying the class is unavailable names it, as its chat's header would (issue 31)
      const shown: InactiveClass = {
        class_name: c.class_name,
        school_name,
        professor: { last_name: c.last_name },
      };
      throw new AppError('CLASS_INACTIVE', CLASS_INACTIVE_MESSAGE, {}, { class: shown });
    }
    return {
      class_name: c.class_name,
      description: c.description,
      // the teacher's own, else drawn from the material (at most 3)
      sample_questions: suggestedQuestionsOf(c),
      is_active: c.is_active,
      school_name,
      professor: { first_name: c.first_name, last_name: c.last_name },
      coming_up: await this.deps.dates.comingUp(c.id),
    };
  }

  /**
   * The teacher's own answer when they gave one to this question (a correction, or an answer to
   * a question the material did not cover), else a checked answer to the same question in other
   * words (Check your assistant), else, for a question about time ("what's due this week?"), the
   * class's dated items, else the configured answerer over this class's material only.
   * Stores nothing. `known`: the ask's context when the caller already read it.
   */
  async answer(
    classId: string,
    question: string,
    onText?: OnAnswerText,
    known?: AskContext,
  ): Promise<ChatAnswer> {
    const context = known ?? (await this.deps.repo.askContext(classId, question));
    if (context.answer) return { ...answerOfTeacher(context.answer), check: null };
    const match = await this.matchingCheck(question, context);
    if (match?.row && isCheckedStatus(match.row.status))
      return { ...answerOfCheck(match.row), check: { key: match.key, used: true } };
    const dated = await this.deps.dates.answer(classId, question);
    if (dated) return { ...dated.answer, check: null, dateAsk: dated.kind };
    const answer = await this.deps.answerer.answer(classId, question, onText);
    return { ...answer, check: match ? { key: match.key, used: false } : null };
  }

  /** The reply from the class's material alone: no teacher's answer, no checked answer. */
  async answerFromMaterial(classId: string, question: string): Promise<ChatAnswer> {
    return { ...(await this.deps.answerer.answer(classId, question)), check: null };
  }

  /**
   * The checked question (standard or the teacher's own) that the student's asks the same as:
   * its key (a standard key, or the added question's id) and its check, when there is one.
   */
  private async matchingCheck(question: string, context: AskContext) {
    const rowOf = new Map(context.checks.map((c) => [c.standard_key ?? c.id, c]));
    const candidates = [
      ...(await this.deps.standard.wordings()),
      ...context.checks
        .filter((c) => c.standard_key === null)
        .map((c) => ({ key: c.id, question: c.question, questionKey: c.question_key })),
    ];
    const found = matchingQuestion(
      { question, questionKey: context.question_key },
      candidates,
      classWordsOf(context.class_key),
    );
    return found ? { key: found.key, row: rowOf.get(found.key) } : null;
  }

  /**
   * A student's rating of an answer of the class behind the share link (null takes it back):
   * changeable, counted per address like questions are (a rating is cheap, so twice as many).
   */
  async rate(
    chatUuid: string,
    conversationId: string,
    rating: AnswerRating | null,
    address: string,
  ): Promise<AnswerFeedback> {
    const wait = await this.deps.limiter.hit(`feedback:addr:${address}`, this.limits.ratings);
    if (wait) throw tooManyRequests(wait, BUSY);
    if (!(await this.deps.repo.setFeedback(chatUuid, conversationId, rating)))
      throw notFound('Conversation');
    return { id: conversationId, rating };
  }

  /** Answers from this class's material only, and stores the exchange as a conversation. */
  /** `onText` receives the answer's text as it is generated (a streamed reply). */
  async ask(
    chatUuid: string,
    input: { question: string; studentIdentifier: string | null; address: string },
    onText?: OnAnswerText,
  ) {
    const started = performance.now();
    // the class and the teacher's answer to this question, if any, in one round trip
    const c = await this.deps.repo.classAndAnswer(chatUuid, input.question);
    if (!c) throw notFound('Class');
    if (!c.is_active) throw new AppError('CLASS_INACTIVE', CLASS_INACTIVE_MESSAGE);
    return this.askClass(
      c.id,
      {
        question: input.question,
        studentIdentifier: input.studentIdentifier,
        asker: `addr:${input.address}`,
      },
      { started, onText, context: c },
    );
  }

  /**
   * A student's question to an active class, whoever brings it (the share link, the team chat):
   * the asker's limit, then the class's, then the answer, stored as a conversation of the class.
   * `asker` names who is counted (`addr:<address>`, `slack:<team>:<user>`).
   */
  async askClass(
    classId: string,
    input: { question: string; studentIdentifier: string | null; asker: string },
    {
      started = performance.now(),
      onText,
      context,
    }: { started?: number; onText?: OnAnswerText; context?: AskContext } = {},
  ) {
    // an asker over their own limit is refused before it counts toward the class's: one client
    // flooding a link cannot use up the allowance of every other student of the class
    const wait = await this.deps.limiter.hitInTurn(
      { key: `ask:${input.asker}`, limit: this.limits.perAddress },
      { key: `ask:class:${classId}`, limit: this.limits.perClass },
    );
    if (wait) throw tooManyRequests(wait, BUSY);
    const answer = await this.answer(classId, input.question, onText, context);
    const responseTimeMs = Math.round(performance.now() - started);
    const row = await this.deps.repo.insertConversation({
      class_id: classId,
      question: input.question,
      response: answer.response,
      kind: answer.kind,
      source_type: answer.sourceType,
      student_identifier: input.studentIdentifier,
      tokens_used: answer.tokensUsed,
      response_time_ms: responseTimeMs,
      citations: JSON.stringify(answer.citations),
      check_key: answer.check?.key ?? null,
      from_check: answer.check?.used ?? false,
      date_ask: answer.dateAsk ?? null,
    });
    return {
      id: row.id,
      response: answer.response,
      created_at: row.created_at.toISOString(),
      kind: answer.kind,
      source_type: answer.sourceType,
      citations: answer.citations satisfies Citation[],
      confidence: confidenceOfReply(answer),
      checked_by_teacher: answer.check?.used ?? false,
    };
  }
}
