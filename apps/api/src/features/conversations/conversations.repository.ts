import { sql } from 'kysely';
import type { Trx } from '../../db/index.ts';
import { Repository } from '../../db/repository.ts';
import type { GroupScope } from './question-groups.ts';

/** Longest search a teacher can type is bounded by the contract; words beyond this are ignored. */
const SEARCH_WORDS_MAX = 8;
/** characters read for a list row's answer preview */
const PREVIEW_SOURCE_LENGTH = 400;

/**
 * The stored search text is lower case, so the word is lowered here and matched with LIKE;
 * `%`, `_` and a backslash typed by the teacher are matched as themselves, not as wildcards.
 */
function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchWords(search: string): string[] {
  return [...new Set(search.split(/\s+/).filter(Boolean))].slice(0, SEARCH_WORDS_MAX);
}

/** Exact groups looked at; beyond this the long tail of one-off questions is left out. */
const EXACT_GROUPS_MAX = 500;
/** Conversation ids handed back per group. */
export const IDS_PER_GROUP_MAX = 1000;

/** Questions asking the same (one `question_key`, migration 006), as `exactQuestionGroups` reads them. */
export type ExactGroupRow = {
  /** "asks|words" */
  key: string;
  n: number;
  last_asked_at: Date;
  /** most recent first, at most 20 */
  wordings: string[];
  /** most recent first, at most IDS_PER_GROUP_MAX */
  ids: string[];
};

/**
 * All SQL for the teacher's review of conversations. Every query of a conversation names the
 * owning teacher, so one of someone else's class is simply not found; the counts and groups of a
 * class are read after the service checked the class is the teacher's.
 */
export class ConversationsRepository extends Repository {
  private owned(teacherId: string) {
    return this.db
      .selectFrom('conversations as cv')
      .innerJoin('classes as cl', 'cl.id', 'cv.class_id')
      .where('cl.teacher_id', '=', teacherId);
  }

  private summaryColumns = [
    'cv.id',
    'cv.question',
    sql<string>`left(cv.response, ${PREVIEW_SOURCE_LENGTH})`.as('response_start'),
    'cv.source_type',
    'cv.student_identifier',
    'cv.created_at',
    'cv.tokens_used',
    'cv.response_time_ms',
  ] as const;

  async page(
    teacherId: string,
    classId: string,
    options: { words: string[]; limit: number; offset: number },
  ) {
    if (options.words.length > 0) return this.searchPage(teacherId, classId, options);
    const pageIds = this.owned(teacherId)
      .where('cv.class_id', '=', classId)
      .select('cv.id')
      .orderBy('cv.created_at', 'desc')
      .orderBy('cv.id', 'desc')
      .limit(options.limit)
      .offset(options.offset);
    const rows = this.db
      .with('p', () => pageIds)
      .selectFrom('conversations as cv')
      .innerJoin('p', 'p.id', 'cv.id')
      .select(this.summaryColumns)
      .orderBy('cv.created_at', 'desc')
      .orderBy('cv.id', 'desc')
      .execute();
    const total = this.owned(teacherId)
      .where('cv.class_id', '=', classId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const [list, count] = await Promise.all([rows, total]);
    return { rows: list, total: Number(count.n) };
  }

  /** The class's conversations holding every word, in the question or the answer. */
  private matching(teacherId: string, classId: string, words: string[]) {
    let q = this.owned(teacherId).where('cv.class_id', '=', classId);
    for (const word of words) q = q.where('cv.search_text', 'like', likePattern(word));
    return q;
  }

  /**
   * Every word must appear in the question or the answer. The matches are found once (through
   * the class's trigram index), counted, and only the page's rows are read in full.
   */
  private async searchPage(
    teacherId: string,
    classId: string,
    options: { words: string[]; limit: number; offset: number },
  ) {
    const matches = this.matching(teacherId, classId, options.words).select([
      'cv.id',
      'cv.created_at',
    ]);
    const found = await this.db
      .with(
        (cte) => cte('m').materialized(),
        () => matches,
      )
      .with('p', (db) =>
        db
          .selectFrom('m')
          .select(['m.id', 'm.created_at'])
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(options.limit)
          .offset(options.offset),
      )
      .selectFrom('conversations as cv')
      .innerJoin('p', 'p.id', 'cv.id')
      .select(this.summaryColumns)
      .select((eb) => eb.selectFrom('m').select(eb.fn.countAll<string>().as('n')).as('total'))
      .orderBy('cv.created_at', 'desc')
      .orderBy('cv.id', 'desc')
      .execute();
    if (found.length > 0) return { rows: found, total: Number(found[0]!.total) };
    // a page past the end still tells how many there are
    const row = await this.matching(teacherId, classId, options.words)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows: [], total: Number(row.n) };
  }

  find(teacherId: string, id: string) {
    return this.owned(teacherId)
      .select([
        'cv.id',
        'cv.class_id',
        'cv.question',
        'cv.response',
        'cv.source_type',
        'cv.student_identifier',
        'cv.created_at',
        'cv.tokens_used',
        'cv.response_time_ms',
        'cv.citations',
      ])
      .where('cv.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * One batch of the class's conversations, oldest first, after the row `afterId`. The cursor
   * reads that row's own created_at: a JS Date drops PostgreSQL's microseconds, and comparing
   * with it would return the last row again and again.
   */
  exportBatch(teacherId: string, classId: string, afterId: string | null, limit: number) {
    let q = this.owned(teacherId)
      .where('cv.class_id', '=', classId)
      .select([
        'cv.id',
        'cv.question',
        'cv.response',
        'cv.source_type',
        'cv.student_identifier',
        'cv.created_at',
        'cv.tokens_used',
        'cv.response_time_ms',
        'cv.citations',
      ]);
    if (afterId) {
      q = q.where(
        sql<boolean>`(cv.created_at, cv.id) > (SELECT c.created_at, c.id FROM conversations c WHERE c.id = ${afterId})`,
      );
    }
    return q.orderBy('cv.created_at', 'asc').orderBy('cv.id', 'asc').limit(limit).execute();
  }

  async countOpenUnanswered(classId: string): Promise<number> {
    const row = await this.db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('class_id', '=', classId)
      .where('source_type', '=', 'other')
      .where('resolved_content_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Closes the class's open unanswered conversations among `ids` with the teacher's answer. */
  async resolve(trx: Trx, classId: string, ids: string[], contentId: string): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await trx
      .updateTable('conversations')
      .set({ resolved_content_id: contentId })
      .where('class_id', '=', classId)
      .where('id', 'in', ids)
      .where('source_type', '=', 'other')
      .where('resolved_content_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** The class's questions grouped by `question_key` (exact matches), largest group first. */
  async exactQuestionGroups(scope: GroupScope): Promise<ExactGroupRow[]> {
    const open = scope.openUnansweredOnly
      ? sql`AND source_type = 'other' AND resolved_content_id IS NULL`
      : sql``;
    const source = scope.sourceType ? sql`AND source_type = ${scope.sourceType}` : sql``;
    const since = scope.since ? sql`AND created_at >= ${scope.since}` : sql``;
    const result = await sql<ExactGroupRow>`
    SELECT
      question_key AS key,
      count(*)::int AS n,
      max(created_at) AS last_asked_at,
      (array_agg(question ORDER BY created_at DESC))[1:20] AS wordings,
      (array_agg(id ORDER BY created_at DESC))[1:${IDS_PER_GROUP_MAX}] AS ids
    FROM conversations
    WHERE class_id = ${scope.classId} ${open} ${source} ${since}
    GROUP BY question_key
    ORDER BY n DESC, last_asked_at DESC
    LIMIT ${EXACT_GROUPS_MAX}
  `.execute(this.db);
    return result.rows;
  }
}
