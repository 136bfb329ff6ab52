import { standardQuestionOf } from '../assistant-check/standard-questions.ts';
import { LRUCache } from 'lru-cache';
import {
  ANALYTICS_RECOUNT_SECONDS,
  ANALYTICS_TOP_QUESTIONS,
  DATE_QUESTION_KINDS,
  type Analytics,
  type DateQuestionKind,
} from '@app/contracts';
import { InputValidationError } from '../../errors.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import type {
  ConversationsService,
  QuestionGroup,
} from '../conversations/conversations.service.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

const isDateQuestionKind = (k: string): k is DateQuestionKind =>
  (DATE_QUESTION_KINDS as readonly string[]).includes(k);

/**
 * Counted views kept (one per class, range and zone): a 365-day view takes about 75 KB of memory,
 * so at most about 15 MB; a view pushed out is only counted again on its next request.
 */
const COUNTED_VIEWS_KEPT = 200;

type AnalyticsOptions = {
  teacherId: string;
  classId: string;
  days: number;
  timeZone: string;
};

/** A class's figures for its teacher (SPEC §2 Analytics, §7 GET /chat/analytics/{id}). */
type AnalyticsServiceDeps = {
  repo: AnalyticsRepository;
  /**
   * the most asked questions, and those still unanswered, grouped when they are the same
   * question in other words
   */
  conversations: Pick<ConversationsService, 'questionGroupsSince' | 'openQuestionGroupsSince'>;
  classes: Pick<ClassesService, 'requireOwned'>;
  /** injected so tests can stand on a day's boundary */
  now?: () => Date;
};

export class AnalyticsService {
  private readonly now: () => Date;
  /**
   * Figures counted in the last ANALYTICS_RECOUNT_SECONDS (never past the end of the range's
   * last day), by class, range and zone; requests for a view being counted wait for that count.
   */
  private readonly counted: LRUCache<string, Counted, CountedView>;

  constructor(private readonly deps: AnalyticsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.counted = new LRUCache<string, Counted, CountedView>({
      max: COUNTED_VIEWS_KEPT,
      ttl: ANALYTICS_RECOUNT_SECONDS * 1000,
      // the service's clock, so that tests can let the figures age
      perf: { now: () => this.now().getTime() },
      ttlResolution: 0,
      fetchMethod: async (_key, _stale, { context, options }) => {
        const counted = await this.count(context);
        const untilDayEnds = counted.endAt.getTime() - this.now().getTime();
        options.ttl = Math.max(1, Math.min(ANALYTICS_RECOUNT_SECONDS * 1000, untilDayEnds));
        return counted;
      },
    });
  }

  async forClass({ teacherId, classId, days, timeZone }: AnalyticsOptions): Promise<Analytics> {
    if (!(await this.deps.repo.isKnownTimeZone(timeZone))) {
      throw new InputValidationError([
        { loc: ['querystring', 'tz'], msg: `Unknown time zone: ${timeZone}`, type: 'value_error' },
      ]);
    }
    await this.deps.classes.requireOwned(teacherId, classId);
    const { analytics, startAt, endAt } = (await this.counted.fetch(
      `${classId} ${days} ${timeZone}`,
      { context: { classId, days, timeZone } },
    ))!;
    // What is still the teacher's to do is read now, so a question answered or dismissed, or a
    // request answered, leaves these at once: the Unanswered tab and the requests say the same.
    const [unanswered, pendingRequests] = await Promise.all([
      this.deps.conversations.openQuestionGroupsSince(classId, startAt, ANALYTICS_TOP_QUESTIONS),
      this.deps.repo.pendingRequests(classId, startAt, endAt),
    ]);
    return {
      ...analytics,
      totals: { ...analytics.totals, pending_requests: pendingRequests },
      unanswered_questions: unanswered.map(toQuestionGroup),
    };
  }

  /** The class's figures counted now from the rollups, and when the range starts and ends. */
  private async count({ classId, days, timeZone }: CountedView): Promise<Counted> {
    const countedAt = this.now();
    const range = await this.deps.repo.range(countedAt, days, timeZone);
    const [
      { perDay, byHour },
      requestsPerDay,
      contentUsage,
      top,
      notHelpful,
      checked,
      dateQuestions,
    ] = await Promise.all([
      this.deps.repo.activity(classId, range),
      this.deps.repo.contactRequestsPerDay(classId, range),
      this.deps.repo.contentUsage(classId, range),
      this.deps.conversations.questionGroupsSince(classId, range.startAt, ANALYTICS_TOP_QUESTIONS),
      this.deps.repo.notHelpful(classId, range),
      this.deps.repo.checkedAnswers(classId, range, ANALYTICS_TOP_QUESTIONS),
      this.deps.repo.dateQuestions(classId, range),
    ]);

    const sum = <T>(rows: T[], pick: (row: T) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    const questions = sum(perDay, (d) => d.questions);
    const analytics: Analytics = {
      class_id: classId,
      range: { from: range.from, to: range.to, days, time_zone: timeZone },
      totals: {
        questions,
        answered: sum(perDay, (d) => d.answered),
        not_answered: sum(perDay, (d) => d.not_answered),
        not_helpful: notHelpful,
        contact_requests: sum(requestsPerDay, (d) => d.requests),
        // read on every request (forClass)
        pending_requests: 0,
        avg_response_time_ms:
          questions === 0
            ? null
            : Math.round(sum(perDay, (d) => d.response_time_ms_sum) / questions),
      },
      per_day: perDay.map(({ date, questions, answered, not_answered }) => ({
        date,
        questions,
        answered,
        not_answered,
      })),
      by_hour: byHour,
      top_questions: top.map(toQuestionGroup),
      // read on every request (forClass)
      unanswered_questions: [],
      content_usage: contentUsage,
      contact_requests_per_day: requestsPerDay.map(({ date, requests }) => ({ date, requests })),
      date_questions: dateQuestions.flatMap(({ kind, count }) =>
        isDateQuestionKind(kind) ? [{ kind, count }] : [],
      ),
      assistant_check: {
        answered_from_checks: checked.answeredFromChecks,
        asked_unchecked: checked.asked.flatMap(({ key, ownQuestion, count }) => {
          const question = ownQuestion ?? standardQuestionOf(key);
          return question ? [{ id: key, question, count }] : [];
        }),
      },
      counted_at: countedAt.toISOString(),
    };
    return { analytics, startAt: range.startAt, endAt: range.endAt };
  }
}

type CountedView = Pick<AnalyticsOptions, 'classId' | 'days' | 'timeZone'>;
/** A view's figures as counted, and the instants its range starts and ends at. */
type Counted = { analytics: Analytics; startAt: Date; endAt: Date };

function toQuestionGroup(group: QuestionGroup): Analytics['top_questions'][number] {
  return {
    question: group.question,
    count: group.count,
    last_asked_at: group.last_asked_at.toISOString(),
  };
}
