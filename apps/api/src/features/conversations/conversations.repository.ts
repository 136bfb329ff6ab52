import { sql } from 'kysely';
import type { ConversationFilter } from '@app/contracts';
import type { Db, Trx } from '../../db/index.ts';
import { Repository } from '../../db/repository.ts';

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

function searchWords(search: string): string[] {
  return [...new Set(search.split(/\s+/).filter(Boolean))].slice(0, SEARCH_WORDS_MAX);
}

/** Exact groups looked at; beyond this the long tail of one-off questions is left out. */
const EXACT_GROUPS_MAX = 500;
/** Conversation ids handed back per group. */
export const IDS_PER_GROUP_MAX = 1000;

/** Which of a class's questions `exactQuestionGroups` groups (question-groups.ts merges them). */
export type GroupScope = {
  classId: string;
  /** only questions the material did not cover and the teacher has not answered yet */
  openUnansweredOnly?: boolean;
  /** only questions answered from this source ('other': the material did not cover them) */
  sourceType?: 'syllabus' | 'content' | 'other';
  /** asked at or after */
  since?: Date;
  /** groups returned, largest first */
  limit: number;
};

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
 * A conversation still on the unanswered list: the material did not cover it, and the teacher
 * neither answered it (in Unanswered, by a correction, by a reply to a contact request, in Check
 * your assistant) nor dismissed it. `conversation_unanswered` (migration 034) is the definition,
 * the one the contact requests read too; the partial index's condition (migration 006) before it
 * lets a class's list read only that index's rows. A condition on the conversations table,
 * unqualified.
 */
const OPEN_UNANSWERED = sql<boolean>`(source_type = 'other' AND resolved_content_id IS NULL
  AND conversation_unanswered(conversations))`;

/** The teacher's conversations (cv), with their class (cl). */
function ownedBy(db: Db, teacherId: string) {
  return db
    .selectFrom('conversations as cv')
    .innerJoin('classes as cl', 'cl.id', 'cv.class_id')
    .where('cl.teacher_id', '=', teacherId);
}
type Owned = ReturnType<typeof ownedBy>;

/** Only the answers students marked not helpful, or those the material did not cover. */
function filtered(matches: Owned, options: { filter: ConversationFilter }): Owned {
  if (options.filter === 'not_helpful') return matches.where('cv.feedback', '=', 'not_helpful');
  if (options.filter === 'not_covered') return matches.where('cv.source_type', '=', 'other');
  return matches;
}

/**
 * All SQL for the teacher's review of conversations. Every query of a conversation names the
 * owning teacher, so one of someone else's class is simply not found; the counts and groups of a
 * class are read after the service checked the class is the teacher's.
 */
export class ConversationsRepository extends Repository {
  private owned(teacherId: string): Owned {
    return ownedBy(this.db, teacherId);
  }

  private summaryColumns = [
    'cv.id',
    'cv.question',
    sql<string>`left(cv.response, ${PREVIEW_SOURCE_LENGTH})`.as('response_start'),
    'cv.kind',
    'cv.source_type',
    'cv.student_identifier',
    'cv.created_at',
    'cv.tokens_used',
    'cv.response_time_ms',
    'cv.feedback',
    sql<boolean>`cv.corrected_content_id IS NOT NULL`.as('corrected'),
  ] as const;

  /**
   * A page of the class's conversations, newest first, and how many there are: all of them
   * (summed from the class's hourly counts, migration 020, instead of counting every row),
   * or a search's matches counted up to `countMax` (`capped` when there are more).
   */
  async page(
    teacherId: string,
    classId: string,
    options: {
      search: string;
      filter: ConversationFilter;
      limit: number;
      offset: number;
      countMax: number;
    },
  ) {
    if (options.search) return this.searchPage(teacherId, classId, options);
    if (options.filter !== 'all') {
      const matches = filtered(this.owned(teacherId).where('cv.class_id', '=', classId), options);
      const [count, rows] = await Promise.all([
        this.countUpTo(matches, options.countMax),
        this.pageOf(matches, options),
      ]);
      return { rows, ...count };
    }
    const rows = this.pageOf(this.owned(teacherId).where('cv.class_id', '=', classId), options);
    const total = this.db
      .selectFrom('conversation_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('questions'), sql<string>`0`).as('n'))
      .where('class_id', '=', classId)
      .where('bucket_minutes', '=', 60)
      .executeTakeFirstOrThrow();
    const [list, count] = await Promise.all([rows, total]);
    return { rows: list, total: Number(count.n), capped: false };
  }

  /**
   * The page's rows of `matches`, newest first: the page's ids first (from the class's page
   * index alone when nothing else is matched, however deep the page), then only those rows.
   */
  private pageOf(matches: Owned, options: { limit: number; offset: number }) {
    const pageIds = matches
      .select('cv.id')
      .orderBy('cv.created_at', 'desc')
      .orderBy('cv.id', 'desc')
      .limit(options.limit)
      .offset(options.offset);
    return this.db
      .with('p', () => pageIds)
      .selectFrom('conversations as cv')
      .innerJoin('p', 'p.id', 'cv.id')
      .select(this.summaryColumns)
      .orderBy('cv.created_at', 'desc')
      .orderBy('cv.id', 'desc')
      .execute();
  }

  /** How many of `matches` there are, reading at most `max` + 1 of them. */
  private async countUpTo(matches: Owned, max: number) {
    const row = await this.db
      .selectFrom(
        matches
          .select('cv.id')
          .limit(max + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const n = Number(row.n);
    return { total: Math.min(n, max), capped: n > max };
  }

  /**
   * Words in any form first: English text search over question and answer (websearch syntax:
   * every word, "a phrase", or, -word), through the class's index (migration 019). A search
   * with no words it knows (only stop words or punctuation, such as "%"), or that no
   * conversation holds as words (a piece of a word or of a code), is matched as text instead:
   * every word a case-insensitive substring of the question or the answer, as before.
   */
  private async searchPage(
    teacherId: string,
    classId: string,
    options: {
      search: string;
      filter: ConversationFilter;
      limit: number;
      offset: number;
      countMax: number;
    },
  ) {
    const inClass = filtered(this.owned(teacherId).where('cv.class_id', '=', classId), options);
    // a search of stop words alone makes an empty query, which matches nothing
    const byWord = inClass.where(
      sql<boolean>`cv.search_tsv @@ websearch_to_tsquery('english', ${options.search})`,
    );
    const [wordCount, wordRows] = await Promise.all([
      this.countUpTo(byWord, options.countMax),
      this.pageOf(byWord, options),
    ]);
    if (wordCount.total > 0) return { rows: wordRows, ...wordCount };

    let byText = inClass;
    for (const word of searchWords(options.search)) {
      byText = byText.where('cv.search_text', 'like', likePattern(word));
    }
    const [textCount, textRows] = await Promise.all([
      this.countUpTo(byText, options.countMax),
      this.pageOf(byText, options),
    ]);
    return { rows: textRows, ...textCount };
  }

  find(teacherId: string, id: string) {
    return this.owned(teacherId)
      .select([
        'cv.id',
        'cv.class_id',
        'cv.question',
        'cv.response',
        'cv.kind',
        'cv.source_type',
        'cv.student_identifier',
        'cv.created_at',
        'cv.tokens_used',
        'cv.response_time_ms',
        'cv.citations',
        'cv.feedback',
        'cv.question_key',
        sql<boolean>`cv.corrected_content_id IS NOT NULL`.as('corrected'),
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
      .where(OPEN_UNANSWERED)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Keeps the teacher's answer for the next student asking a question grouped with `question`
   * (question_group_key, migration 021's class_answers).
   */
  async keepTeacherAnswer(
    trx: Trx,
    values: { contentId: string; classId: string; question: string; answer: string },
  ): Promise<void> {
    await trx
      .insertInto('class_answers')
      .values({
        content_id: values.contentId,
        class_id: values.classId,
        question_key: sql<string>`question_group_key(${values.question})`,
        answer: values.answer,
      })
      .execute();
  }

  /** Marks the conversation as corrected by the teacher's item. */
  async markCorrected(trx: Trx, id: string, contentId: string): Promise<void> {
    await trx
      .updateTable('conversations')
      .set({ corrected_content_id: contentId })
      .where('id', '=', id)
      .execute();
  }

  /** Closes the class's open unanswered conversations among `ids` with the teacher's answer. */
  async resolve(trx: Trx, classId: string, ids: string[], contentId: string): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await trx
      .updateTable('conversations')
      .set({ resolved_content_id: contentId })
      .where('class_id', '=', classId)
      .where('id', 'in', ids)
      .where(OPEN_UNANSWERED)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /**
   * Closes the class's open unanswered conversations among `ids` with the teacher's e-mailed reply
   * to a contact request; only those asked by `writtenAt` (a later student was not answered).
   */
  async closeByReply(
    classId: string,
    ids: string[],
    requestId: string,
    writtenAt: Date,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.db
      .updateTable('conversations')
      .set({ answered_request_id: requestId })
      .where('class_id', '=', classId)
      .where('id', 'in', ids)
      .where('created_at', '<=', writtenAt)
      .where(OPEN_UNANSWERED)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /**
   * Takes the class's open unanswered conversations among `ids` off the list. One statement: two
   * teachers' tabs dismissing at once change each row once, and a repeat changes none.
   */
  async dismiss(classId: string, ids: string[]): Promise<number> {
    const r = await this.db
      .updateTable('conversations')
      .set({ dismissed_at: sql<Date>`now()` })
      .where('class_id', '=', classId)
      .where('id', 'in', ids)
      .where(OPEN_UNANSWERED)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Puts the class's dismissed conversations among `ids` back (the undo of `dismiss`). */
  async restore(classId: string, ids: string[]): Promise<number> {
    const r = await this.db
      .updateTable('conversations')
      .set({ dismissed_at: null })
      .where('class_id', '=', classId)
      .where('id', 'in', ids)
      .where('dismissed_at', 'is not', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /**
   * The class's questions asked at or after `since`, grouped by `question_key` (exact matches),
   * largest group first, as `exactQuestionGroups` gives them for that scope, with only the latest
   * wording and no ids. Read from the daily question rollups (migration 020) for the UTC days
   * from the first one starting at or after `since`, and from the conversations before it.
   */
  async questionGroupsSince(classId: string, since: Date): Promise<ExactGroupRow[]> {
    const result = await sql<{
      key: string;
      n: number;
      last_asked_at: Date;
      question: string;
    }>`
      WITH days AS (
        SELECT first_day, first_day::timestamp AT TIME ZONE 'UTC' AS first_at
        FROM (SELECT conversation_utc_day(${since}::timestamptz - interval '1 microsecond') + 1
          AS first_day) d
      ),
      parts AS (
        SELECT r.key_hash, r.questions, r.last_asked_at
        FROM conversation_day_questions r, days
        WHERE r.class_id = ${classId} AND r.day >= days.first_day
        UNION ALL
        SELECT md5(c.question_key)::uuid, 1, c.created_at
        FROM conversations c, days
        WHERE c.class_id = ${classId} AND c.created_at >= ${since}::timestamptz
          AND c.created_at < days.first_at
      ),
      top AS (
        SELECT key_hash, sum(questions)::int AS n, max(last_asked_at) AS last_asked_at
        FROM parts
        GROUP BY key_hash
        ORDER BY n DESC, last_asked_at DESC
        LIMIT ${EXACT_GROUPS_MAX}
      )
      -- the latest wording is the one of the day the group was last asked on
      SELECT w.question_key AS key, t.n, t.last_asked_at, w.question
      FROM top t
      CROSS JOIN LATERAL (
        SELECT r.question_key, r.last_question AS question
        FROM conversation_day_questions r
        WHERE r.class_id = ${classId} AND r.day = conversation_utc_day(t.last_asked_at)
          AND r.key_hash = t.key_hash
        -- one lookup by key per group, never a scan of the class's rows
        LIMIT 1
      ) w
      ORDER BY t.n DESC, t.last_asked_at DESC
    `.execute(this.db);
    return result.rows.map((row) => ({
      key: row.key,
      n: row.n,
      last_asked_at: row.last_asked_at,
      wordings: [row.question],
      ids: [],
    }));
  }

  /** The class's questions grouped by `question_key` (exact matches), largest group first. */
  async exactQuestionGroups(scope: GroupScope): Promise<ExactGroupRow[]> {
    const open = scope.openUnansweredOnly ? sql`AND ${OPEN_UNANSWERED}` : sql``;
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
