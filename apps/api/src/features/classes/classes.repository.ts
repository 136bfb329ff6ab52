import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Executor, Trx } from '../../db/index.ts';
import type { ClassesTable } from '../../db/schema.ts';
import { Repository } from '../../db/repository.ts';

/** How long a class creation waits for another instance's creation for the same teacher. */
const CLASS_LOCK_WAIT = '5s';

/** What a teacher sets on a class (the rest the server keeps). */
export type ClassValues = Pick<
  Selectable<ClassesTable>,
  | 'class_name'
  | 'course_code'
  | 'school'
  | 'department'
  | 'semester'
  | 'year'
  | 'student_size'
  | 'description'
  | 'time_zone'
> & { term_start: string | null; term_end: string | null };

/** Days of students' questions the class card's nudge looks back over (Check your assistant). */
const ASKED_UNCHECKED_DAYS = 30;

/**
 * How the class stands on Check your assistant (migration 032), for its card: standard
 * questions checked and needing a new look, and the questions on its list that students asked in
 * the last ASKED_UNCHECKED_DAYS days without getting a checked answer (not checked yet).
 */
const checkSummaryOf = (classId: RawBuilder<unknown>) => sql<{
  checked: number;
  needs_review: number;
  asked_unchecked: number;
}>`(SELECT jsonb_build_object(
      'checked', (SELECT count(*) FROM assistant_checks a
                  WHERE a.class_id = ${classId} AND a.standard_key IS NOT NULL
                    AND a.status IN ('confirmed', 'edited', 'not_covered')),
      'needs_review', (SELECT count(*) FROM assistant_checks a
                       WHERE a.class_id = ${classId} AND a.standard_key IS NOT NULL
                         AND a.status = 'needs_review'),
      'asked_unchecked', (SELECT count(DISTINCT cv.check_key) FROM conversations cv
                          WHERE cv.class_id = ${classId} AND cv.check_key IS NOT NULL
                            AND NOT cv.from_check
                            AND cv.created_at > now() - make_interval(days => ${ASKED_UNCHECKED_DAYS})
                            AND NOT EXISTS (
                              SELECT 1 FROM assistant_checks a
                              WHERE a.class_id = cv.class_id
                                AND coalesce(a.standard_key, a.id::text) = cv.check_key
                                AND a.status IN ('confirmed', 'edited', 'not_covered')))))`;

/** All SQL for classes. Every read and write is scoped to the owning teacher. */
export class ClassesRepository extends Repository {
  private selectClasses(ex: Executor = this.db) {
    return ex
      .selectFrom('classes as c')
      .innerJoin('users as u', 'u.id', 'c.teacher_id')
      .select([
        'c.id',
        'c.class_name',
        'c.course_code',
        'c.school',
        'c.department',
        'c.semester',
        'c.year',
        'c.student_size',
        'c.description',
        sql<string | null>`to_char(c.term_start, 'YYYY-MM-DD')`.as('term_start'),
        sql<string | null>`to_char(c.term_end, 'YYYY-MM-DD')`.as('term_end'),
        'c.time_zone',
        'c.season_name',
        'c.is_active',
        'c.is_draft',
        'c.chat_uuid',
        'c.sample_questions',
        'c.created_at',
        'c.updated_at',
        'u.first_name as professor_first_name',
        'u.last_name as professor_last_name',
        'u.institution as teacher_institution',
        (eb) =>
          eb
            .selectFrom('conversations')
            .select((e) => e.fn.countAll<string>().as('n'))
            .whereRef('conversations.class_id', '=', 'c.id')
            .as('question_count'),
        (eb) =>
          eb
            .selectFrom('contents')
            .select((e) => e.fn.countAll<string>().as('n'))
            .whereRef('contents.class_id', '=', 'c.id')
            .as('content_count'),
        (eb) =>
          eb
            .exists(
              eb
                .selectFrom('contents')
                .select('id')
                .whereRef('contents.class_id', '=', 'c.id')
                .where('content_type', '=', 'syllabus')
                .where('status', '=', 'ready'),
            )
            .as('has_syllabus'),
        () => checkSummaryOf(sql.ref('c.id')).as('check_summary'),
      ]);
  }

  /** What day it is for a class, whoever asks (its term, zone and year): by id alone. */
  calendarOf(classId: string) {
    return this.db
      .selectFrom('classes')
      .select([
        sql<string | null>`to_char(term_start, 'YYYY-MM-DD')`.as('term_start'),
        sql<string | null>`to_char(term_end, 'YYYY-MM-DD')`.as('term_end'),
        'time_zone',
        'year',
      ])
      .where('id', '=', classId)
      .executeTakeFirst();
  }

  /** The teacher's classes, drafts left out. */
  list(teacherId: string, activeOnly: boolean) {
    let q = this.selectClasses()
      .where('c.teacher_id', '=', teacherId)
      .where('c.is_draft', '=', false);
    if (activeOnly) q = q.where('c.is_active', '=', true);
    return q.orderBy('c.created_at', 'desc').execute();
  }

  /** The teacher's drafts, the most recently touched first. */
  listDrafts(teacherId: string) {
    return this.selectClasses()
      .where('c.teacher_id', '=', teacherId)
      .where('c.is_draft', '=', true)
      .orderBy('c.updated_at', 'desc')
      .execute();
  }

  async countDrafts(teacherId: string, ex: Executor = this.db): Promise<number> {
    const row = await ex
      .selectFrom('classes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('teacher_id', '=', teacherId)
      .where('is_draft', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Makes the draft a class of its season (its semester's), as if created now; false when it is not a
   * draft of the teacher's (any more).
   */
  async finishDraft(teacherId: string, id: string, seasonName: string, trx: Trx) {
    const r = await trx
      .updateTable('classes')
      .set({
        is_draft: false,
        season_name: seasonName,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .where('teacher_id', '=', teacherId)
      .where('id', '=', id)
      .where('is_draft', '=', true)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** Drafts nobody touched since `before` (housekeeping), with their content. */
  async deleteDraftsUntouchedSince(before: Date): Promise<number> {
    const r = await this.db
      .deleteFrom('classes')
      .where('is_draft', '=', true)
      .where('updated_at', '<', before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Just enough to know the class is the teacher's: no counts over its conversations. */
  findOwned(teacherId: string, id: string) {
    return this.db
      .selectFrom('classes')
      .select(['id', 'class_name', 'course_code'])
      .where('teacher_id', '=', teacherId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  find(teacherId: string, id: string, ex: Executor = this.db) {
    return this.selectClasses(ex)
      .where('c.teacher_id', '=', teacherId)
      .where('c.id', '=', id)
      .executeTakeFirst();
  }

  async insert(
    teacherId: string,
    seasonName: string,
    values: ClassValues & { is_draft?: boolean },
    ex: Executor = this.db,
  ): Promise<string> {
    const row = await ex
      .insertInto('classes')
      .values({ ...values, teacher_id: teacherId, season_name: seasonName })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    teacherId: string,
    id: string,
    values: Partial<ClassValues> & { is_active?: boolean; season_name?: string },
    ex: Executor = this.db,
  ): Promise<boolean> {
    const r = await ex
      .updateTable('classes')
      .set({ ...values, updated_at: new Date() })
      .where('teacher_id', '=', teacherId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** Deletes the class; its content and chunks go with it (ON DELETE CASCADE). */
  async delete(teacherId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('classes')
      .where('teacher_id', '=', teacherId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r.numDeletedRows === 1n;
  }

  async countInSeason(
    teacherId: string,
    seasonName: string,
    ex: Executor = this.db,
  ): Promise<number> {
    const row = await ex
      .selectFrom('classes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('teacher_id', '=', teacherId)
      .where('season_name', '=', seasonName)
      // a draft counts once it is made a class (in its semester's season)
      .where('is_draft', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The teacher's classes per season they count in (drafts not counted), for Billing & Usage. */
  async countPerSeason(teacherId: string): Promise<{ season_name: string; classes: number }[]> {
    const rows = await this.db
      .selectFrom('classes')
      .select((eb) => ['season_name', eb.fn.countAll<string>().as('n')])
      .where('teacher_id', '=', teacherId)
      .where('is_draft', '=', false)
      .groupBy('season_name')
      .execute();
    return rows.map((r) => ({ season_name: r.season_name, classes: Number(r.n) }));
  }

  /**
   * Serialises class creation per teacher, so two at once can't both take the last free slot.
   * Within an instance creations queue before this (KeyedQueue); across instances a burst waits
   * here, at most CLASS_LOCK_WAIT, then is told to retry (503) instead of holding a connection.
   */
  async lockTeacher(teacherId: string, trx: Trx) {
    await sql`SELECT set_config('lock_timeout', ${CLASS_LOCK_WAIT}, true)`.execute(trx);
    await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', teacherId)
      .forUpdate()
      .executeTakeFirst();
  }
}

export type ClassRow = NonNullable<Awaited<ReturnType<ClassesRepository['find']>>>;
