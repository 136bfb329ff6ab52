import { sql } from 'kysely';
import type { Analytics } from '@app/contracts';
import { Repository } from '../../db/repository.ts';

/** The days counted, in the teacher's time zone, and the instants they start and end at. */
export type AnalyticsRange = {
  /** YYYY-MM-DD, first and last day counted */
  from: string;
  to: string;
  startAt: Date;
  endAt: Date;
  timeZone: string;
  /**
   * minutes in the buckets the zone's hours are summed from: 60 when the zone is a whole number
   * of hours from UTC at both ends of the range, else 30 or 15
   */
  bucketMinutes: 60 | 30 | 15;
};

export type DayCounts = {
  date: string;
  questions: number;
  answered: number;
  not_answered: number;
  response_time_ms_sum: number;
};

/**
 * All SQL for a class's analytics. Every figure is summed in PostgreSQL from the rollups that
 * triggers keep as conversations are written (migration 020), never from all of a range's
 * conversations; days and hours are counted in the range's time zone.
 */
export class AnalyticsRepository extends Repository {
  private timeZones: Promise<Set<string>> | undefined;

  /** PostgreSQL's own zone names: a zone it knows is one `AT TIME ZONE` can use. Read once. */
  async isKnownTimeZone(name: string): Promise<boolean> {
    this.timeZones ??= sql<{ name: string }>`SELECT name FROM pg_timezone_names`
      .execute(this.db)
      .then((r) => new Set(r.rows.map((row) => row.name)))
      .catch((err: unknown) => {
        this.timeZones = undefined;
        throw err;
      });
    return (await this.timeZones).has(name);
  }

  /** The `days` days ending today in `timeZone` (today being the day `now` falls on there). */
  async range(now: Date, days: number, timeZone: string): Promise<AnalyticsRange> {
    const result = await sql<{
      from: string;
      to: string;
      start_at: Date;
      end_at: Date;
      bucket_minutes: 60 | 30 | 15;
    }>`
      SELECT to_char(first_day, 'YYYY-MM-DD') AS from,
        to_char(today, 'YYYY-MM-DD') AS to,
        start_at, end_at,
        CASE WHEN start_offset % 3600 = 0 AND end_offset % 3600 = 0 THEN 60
          WHEN start_offset % 1800 = 0 AND end_offset % 1800 = 0 THEN 30
          ELSE 15 END AS bucket_minutes
      FROM (SELECT (${now}::timestamptz AT TIME ZONE ${timeZone})::date AS today) t,
        LATERAL (SELECT today - ${days - 1}::int AS first_day) f,
        LATERAL (SELECT first_day::timestamp AT TIME ZONE ${timeZone} AS start_at,
          (today + 1)::timestamp AT TIME ZONE ${timeZone} AS end_at) b,
        -- the zone's offset from UTC in seconds, where the range starts and ends
        LATERAL (SELECT
          extract(epoch FROM (start_at AT TIME ZONE ${timeZone}) - (start_at AT TIME ZONE 'UTC'))
            AS start_offset,
          extract(epoch FROM (end_at AT TIME ZONE ${timeZone}) - (end_at AT TIME ZONE 'UTC'))
            AS end_offset) o
    `.execute(this.db);
    const row = result.rows[0]!;
    return {
      from: row.from,
      to: row.to,
      startAt: row.start_at,
      endAt: row.end_at,
      timeZone,
      bucketMinutes: row.bucket_minutes,
    };
  }

  /**
   * Questions per day of the range (oldest first, zeros included) and per hour 0 to 23 of the
   * range's time zone, from the class's counts by hour when the zone is a whole number of hours
   * from UTC, else by half or quarter hour (migration 020). A bucket inside
   * the range whose instants all fall in one hour of the zone counts whole; any other (at the
   * range's edges in a zone that is not a whole number of quarter hours from UTC, or where the
   * zone's offset changes within it) is counted from its conversations, so every figure is the
   * one the conversations themselves give.
   */
  async activity(
    classId: string,
    range: AnalyticsRange,
  ): Promise<{ perDay: DayCounts[]; byHour: Analytics['by_hour'] }> {
    const { startAt, endAt, timeZone: tz, bucketMinutes } = range;
    const step = sql`${`${bucketMinutes} minutes`}::interval`;
    const rolled = sql`
      SELECT r.bucket_start AS start, r.questions, r.not_answered, r.response_time_ms
      FROM conversation_counts r
      WHERE r.class_id = ${classId} AND r.bucket_minutes = ${bucketMinutes}
        AND r.bucket_start > ${startAt}::timestamptz - ${step}
        AND r.bucket_start < ${endAt}::timestamptz`;
    const result = await sql<{
      kind: 'day' | 'hour';
      date: string | null;
      hour: number | null;
      questions: number;
      not_answered: number;
      response_time_ms_sum: number;
    }>`
      WITH buckets AS (
        SELECT b.start, b.questions, b.not_answered, b.response_time_ms, l.local_start,
          b.start >= ${startAt}::timestamptz AND b.start + ${step} <= ${endAt}::timestamptz
            AND l.local_end - l.local_start = ${step} - interval '1 microsecond'
            AND date_trunc('hour', l.local_start) = date_trunc('hour', l.local_end) AS whole
        FROM (${rolled}) b,
          LATERAL (SELECT b.start AT TIME ZONE ${tz} AS local_start,
            (b.start + ${step} - interval '1 microsecond') AT TIME ZONE ${tz} AS local_end) l
      ),
      hours AS (
        SELECT local_hour, sum(questions)::int AS questions,
          sum(not_answered)::int AS not_answered,
          sum(response_time_ms)::float8 AS response_time_ms_sum
        FROM (
          SELECT date_trunc('hour', local_start) AS local_hour, questions, not_answered,
            response_time_ms
          FROM buckets WHERE whole
          UNION ALL
          SELECT date_trunc('hour', c.created_at AT TIME ZONE ${tz}), 1,
            (c.source_type = 'other')::int, c.response_time_ms
          FROM buckets b
          JOIN conversations c ON c.class_id = ${classId}
            AND c.created_at >= greatest(b.start, ${startAt}::timestamptz)
            AND c.created_at < least(b.start + ${step}, ${endAt}::timestamptz)
          WHERE NOT b.whole
        ) counted
        GROUP BY 1
      )
      SELECT 'day' AS kind, to_char(d, 'YYYY-MM-DD') AS date, NULL::int AS hour,
        coalesce(c.questions, 0)::int AS questions,
        coalesce(c.not_answered, 0)::int AS not_answered,
        coalesce(c.response_time_ms_sum, 0)::float8 AS response_time_ms_sum
      FROM generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') AS d
      LEFT JOIN (
        SELECT local_hour::date AS day, sum(questions) AS questions,
          sum(not_answered) AS not_answered, sum(response_time_ms_sum) AS response_time_ms_sum
        FROM hours GROUP BY 1
      ) c ON c.day = d::date
      UNION ALL
      SELECT 'hour', NULL, h, coalesce(c.questions, 0)::int, 0, 0
      FROM generate_series(0, 23) AS h
      LEFT JOIN (
        SELECT date_part('hour', local_hour)::int AS hour, sum(questions) AS questions
        FROM hours GROUP BY 1
      ) c ON c.hour = h
      ORDER BY 1, 2, 3
    `.execute(this.db);
    const perDay: DayCounts[] = [];
    const byHour: Analytics['by_hour'] = [];
    for (const row of result.rows) {
      if (row.kind === 'day') {
        perDay.push({
          date: row.date!,
          questions: row.questions,
          answered: row.questions - row.not_answered,
          not_answered: row.not_answered,
          response_time_ms_sum: row.response_time_ms_sum,
        });
      } else byHour.push({ hour: row.hour!, questions: row.questions });
    }
    return { perDay, byHour };
  }

  /** Answers of the range that students marked not helpful (few: a partial index, migration 021). */
  async notHelpful(classId: string, range: AnalyticsRange): Promise<number> {
    const row = await this.db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('class_id', '=', classId)
      .where('feedback', '=', 'not_helpful')
      .where('created_at', '>=', range.startAt)
      .where('created_at', '<', range.endAt)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The date questions of the range by kind (migration 033), most asked first. */
  async dateQuestions(classId: string, range: AnalyticsRange) {
    const rows = await this.db
      .selectFrom('conversations')
      .select(['date_ask', (eb) => eb.fn.countAll<string>().as('n')])
      .where('class_id', '=', classId)
      .where('date_ask', 'is not', null)
      .where('created_at', '>=', range.startAt)
      .where('created_at', '<', range.endAt)
      .groupBy('date_ask')
      .orderBy('n', 'desc')
      .orderBy('date_ask')
      .execute();
    return rows.map((r) => ({ kind: r.date_ask!, count: Number(r.n) }));
  }

  /**
   * Check your assistant over the range (migration 032): questions answered from a checked
   * answer, and the questions on the class's list students asked without one (not checked, or
   * needing a new look), most asked first, with an added question's wording.
   */
  async checkedAnswers(classId: string, range: AnalyticsRange, limit: number) {
    const { rows } = await sql<{ key: string | null; own_question: string | null; n: string }>`
      SELECT NULL AS key, NULL AS own_question, count(*) AS n
      FROM conversations cv
      WHERE cv.class_id = ${classId} AND cv.check_key IS NOT NULL AND cv.from_check
        AND cv.created_at >= ${range.startAt} AND cv.created_at < ${range.endAt}
      UNION ALL
      (SELECT cv.check_key, min(own.question), count(*)
       FROM conversations cv
       LEFT JOIN assistant_checks own
         ON own.class_id = cv.class_id AND own.standard_key IS NULL AND own.id::text = cv.check_key
       WHERE cv.class_id = ${classId} AND cv.check_key IS NOT NULL AND NOT cv.from_check
         AND cv.created_at >= ${range.startAt} AND cv.created_at < ${range.endAt}
         AND NOT EXISTS (
           SELECT 1 FROM assistant_checks a
           WHERE a.class_id = cv.class_id AND coalesce(a.standard_key, a.id::text) = cv.check_key
             AND a.status IN ('confirmed', 'edited', 'not_covered'))
       GROUP BY cv.check_key
       ORDER BY count(*) DESC, cv.check_key
       LIMIT ${limit})`.execute(this.db);
    const [total, ...asked] = rows;
    return {
      answeredFromChecks: Number(total?.n ?? 0),
      asked: asked.map((r) => ({ key: r.key!, ownQuestion: r.own_question, count: Number(r.n) })),
    };
  }

  /** Student contact requests per day of the range. */
  async contactRequestsPerDay(
    classId: string,
    range: AnalyticsRange,
  ): Promise<{ date: string; requests: number }[]> {
    const result = await sql<{ date: string; requests: number }>`
      WITH counted AS (
        SELECT (created_at AT TIME ZONE ${range.timeZone})::date AS day,
          count(*)::int AS requests
        FROM email_requests
        WHERE class_id = ${classId}
          AND created_at >= ${range.startAt} AND created_at < ${range.endAt}
        GROUP BY 1
      )
      SELECT to_char(d, 'YYYY-MM-DD') AS date,
        coalesce(c.requests, 0) AS requests
      FROM generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') AS d
      LEFT JOIN counted c ON c.day = d::date
      ORDER BY d
    `.execute(this.db);
    return result.rows;
  }

  /**
   * The contact requests made from `startAt` to `endAt` still waiting for the teacher
   * (contact_request_pending, migration 034: not responded, their question not answered), read
   * now: what the teacher has to do is never counted ahead.
   */
  async pendingRequests(classId: string, startAt: Date, endAt: Date): Promise<number> {
    const row = await this.db
      .selectFrom('email_requests as r')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('r.class_id', '=', classId)
      .where('r.created_at', '>=', startAt)
      .where('r.created_at', '<', endAt)
      .where('r.teacher_responded_at', 'is', null)
      .where(sql<boolean>`contact_request_pending(r)`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Every content item of the class with the number of conversations in the range whose answer
   * cited it (a conversation citing an item twice counts once); most cited first, then by title.
   * Whole UTC days of the range come from the class's daily citation counts, the hours before
   * the first and after the last from the conversations.
   */
  async contentUsage(classId: string, range: AnalyticsRange): Promise<Analytics['content_usage']> {
    const { startAt, endAt } = range;
    const result = await sql<Analytics['content_usage'][number]>`
      WITH days AS (
        SELECT first_day, end_day,
          first_day::timestamp AT TIME ZONE 'UTC' AS first_at,
          end_day::timestamp AT TIME ZONE 'UTC' AS end_day_at
        FROM (SELECT conversation_utc_day(${startAt}::timestamptz - interval '1 microsecond') + 1
            AS first_day,
          conversation_utc_day(${endAt}::timestamptz) AS end_day) d
      ),
      edges AS (
        SELECT c.citations FROM conversations c, days
        WHERE c.class_id = ${classId} AND c.created_at >= ${startAt}::timestamptz
          AND c.created_at < least(days.first_at, ${endAt}::timestamptz)
        UNION ALL
        SELECT c.citations FROM conversations c, days
        WHERE c.class_id = ${classId}
          AND c.created_at >= greatest(days.end_day_at, days.first_at)
          AND c.created_at < ${endAt}::timestamptz
      ),
      cited AS (
        SELECT content_id, sum(citations)::int AS citations
        FROM (
          SELECT r.content_id, r.citations
          FROM conversation_day_citations r, days
          WHERE r.class_id = ${classId} AND r.day >= days.first_day AND r.day < days.end_day
          UNION ALL
          SELECT cited.content_id, 1
          FROM edges, unnest(conversation_cited(edges.citations)) AS cited (content_id)
        ) u
        GROUP BY content_id
      )
      SELECT ct.id AS content_id, ct.title, ct.content_type,
        coalesce(cited.citations, 0) AS citations
      FROM contents ct
      LEFT JOIN cited ON cited.content_id = ct.id
      WHERE ct.class_id = ${classId} AND ct.status = 'ready'
      ORDER BY citations DESC, lower(ct.title), ct.title, ct.id
    `.execute(this.db);
    return result.rows;
  }
}
