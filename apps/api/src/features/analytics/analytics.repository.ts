import { sql } from 'kysely';
import type { Analytics } from '@app/contracts';
import { Repository } from '../../db/repository.ts';

/** The days counted, in the teacher's time zone, and the instants they start and end at. */
type AnalyticsRange = {
  /** YYYY-MM-DD, first and last day counted */
  from: string;
  to: string;
  startAt: Date;
  endAt: Date;
  timeZone: string;
};

type DayCounts = {
  date: string;
  questions: number;
  answered: number;
  not_answered: number;
  response_time_ms_sum: number;
};

/**
 * All SQL for a class's analytics. Every figure is aggregated in PostgreSQL (a class may hold
 * tens of thousands of conversations); days and hours are counted in the range's time zone.
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
    const result = await sql<{ from: string; to: string; start_at: Date; end_at: Date }>`
      SELECT to_char(first_day, 'YYYY-MM-DD') AS from,
        to_char(today, 'YYYY-MM-DD') AS to,
        first_day::timestamp AT TIME ZONE ${timeZone} AS start_at,
        (today + 1)::timestamp AT TIME ZONE ${timeZone} AS end_at
      FROM (SELECT (${now}::timestamptz AT TIME ZONE ${timeZone})::date AS today) t,
        LATERAL (SELECT today - ${days - 1}::int AS first_day) f
    `.execute(this.db);
    const row = result.rows[0]!;
    return { from: row.from, to: row.to, startAt: row.start_at, endAt: row.end_at, timeZone };
  }

  /** One row per day of the range, oldest first, zeros included. */
  async questionsPerDay(classId: string, range: AnalyticsRange): Promise<DayCounts[]> {
    const result = await sql<DayCounts>`
      WITH counted AS (
        SELECT (created_at AT TIME ZONE ${range.timeZone})::date AS day,
          count(*)::int AS questions,
          (count(*) FILTER (WHERE source_type <> 'other'))::int AS answered,
          (count(*) FILTER (WHERE source_type = 'other'))::int AS not_answered,
          sum(response_time_ms)::float8 AS response_time_ms_sum
        FROM conversations
        WHERE class_id = ${classId}
          AND created_at >= ${range.startAt} AND created_at < ${range.endAt}
        GROUP BY 1
      )
      SELECT to_char(d, 'YYYY-MM-DD') AS date,
        coalesce(c.questions, 0) AS questions,
        coalesce(c.answered, 0) AS answered,
        coalesce(c.not_answered, 0) AS not_answered,
        coalesce(c.response_time_ms_sum, 0) AS response_time_ms_sum
      FROM generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') AS d
      LEFT JOIN counted c ON c.day = d::date
      ORDER BY d
    `.execute(this.db);
    return result.rows;
  }

  /** 24 rows, hour 0 to 23 of the range's time zone. */
  async questionsByHour(classId: string, range: AnalyticsRange): Promise<Analytics['by_hour']> {
    const result = await sql<Analytics['by_hour'][number]>`
      WITH counted AS (
        SELECT extract(hour FROM created_at AT TIME ZONE ${range.timeZone})::int AS hour,
          count(*)::int AS questions
        FROM conversations
        WHERE class_id = ${classId}
          AND created_at >= ${range.startAt} AND created_at < ${range.endAt}
        GROUP BY 1
      )
      SELECT h AS hour, coalesce(c.questions, 0) AS questions
      FROM generate_series(0, 23) AS h
      LEFT JOIN counted c ON c.hour = h
      ORDER BY h
    `.execute(this.db);
    return result.rows;
  }

  /** Student contact requests per day of the range, and how many of them still wait. */
  async contactRequestsPerDay(
    classId: string,
    range: AnalyticsRange,
  ): Promise<{ date: string; requests: number; pending: number }[]> {
    const result = await sql<{ date: string; requests: number; pending: number }>`
      WITH counted AS (
        SELECT (created_at AT TIME ZONE ${range.timeZone})::date AS day,
          count(*)::int AS requests,
          (count(*) FILTER (WHERE teacher_responded_at IS NULL))::int AS pending
        FROM email_requests
        WHERE class_id = ${classId}
          AND created_at >= ${range.startAt} AND created_at < ${range.endAt}
        GROUP BY 1
      )
      SELECT to_char(d, 'YYYY-MM-DD') AS date,
        coalesce(c.requests, 0) AS requests,
        coalesce(c.pending, 0) AS pending
      FROM generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') AS d
      LEFT JOIN counted c ON c.day = d::date
      ORDER BY d
    `.execute(this.db);
    return result.rows;
  }

  /**
   * Every content item of the class with the number of conversations in the range whose answer
   * cited it (a conversation citing an item twice counts once); most cited first, then by title.
   */
  async contentUsage(classId: string, range: AnalyticsRange): Promise<Analytics['content_usage']> {
    const result = await sql<Analytics['content_usage'][number]>`
      WITH cited AS (
        SELECT cited.content_id, count(*)::int AS citations
        FROM conversations c
        CROSS JOIN LATERAL (
          SELECT DISTINCT e->>'content_id' AS content_id
          FROM jsonb_array_elements(
            CASE WHEN jsonb_typeof(c.citations) = 'array' THEN c.citations ELSE '[]' END
          ) AS e
        ) cited
        WHERE c.class_id = ${classId}
          AND c.created_at >= ${range.startAt} AND c.created_at < ${range.endAt}
        GROUP BY cited.content_id
      )
      SELECT ct.id AS content_id, ct.title, ct.content_type,
        coalesce(cited.citations, 0) AS citations
      FROM contents ct
      LEFT JOIN cited ON cited.content_id = ct.id::text
      WHERE ct.class_id = ${classId} AND ct.status = 'ready'
      ORDER BY citations DESC, lower(ct.title), ct.title, ct.id
    `.execute(this.db);
    return result.rows;
  }
}
