import { DATE_MESSAGES, type ClassItem, type ComingUpItem } from '@app/contracts';
import type { Trx } from '../../db/index.ts';
import { conflict, InputValidationError, notFound } from '../../errors.ts';
import { defaultTerm } from '../dates/calendar.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { ClassesRepository, ClassRow, ClassValues } from './classes.repository.ts';
import { STANDARD_QUESTIONS } from '../assistant-check/standard-questions.ts';
import { KeyedQueue } from './keyed-queue.ts';

function toClassItem(row: ClassRow): ClassItem {
  return {
    id: row.id,
    class_name: row.class_name,
    course_code: row.course_code,
    school: row.school,
    department: row.department,
    semester: row.semester,
    year: row.year,
    student_size: row.student_size,
    description: row.description,
    is_active: row.is_active,
    is_draft: row.is_draft,
    chat_uuid: row.chat_uuid,
    question_count: Number(row.question_count),
    content_count: Number(row.content_count ?? 0),
    has_syllabus: Boolean(row.has_syllabus),
    professor: { first_name: row.professor_first_name, last_name: row.professor_last_name },
    school_name: row.school ?? row.teacher_institution,
    sample_questions: row.sample_questions,
    term_start: row.term_start,
    term_end: row.term_end,
    time_zone: row.time_zone,
    next_date: null,
    assistant_check: { ...row.check_summary, total: STANDARD_QUESTIONS.length },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The term and zone an update sets: what the teacher gives; a new semester or year without a
 * term moves the term to that semester's default; a zone left empty is the default.
 */
function termChange(current: ClassItem, fields: Partial<ClassFields>): Partial<ClassValues> {
  const out: Partial<ClassValues> = {};
  if (fields.time_zone !== undefined) out.time_zone = fields.time_zone ?? DEFAULT_TIME_ZONE;
  const moved =
    (fields.semester !== undefined && fields.semester !== current.semester) ||
    (fields.year !== undefined && fields.year !== current.year);
  const term = moved
    ? defaultTerm(fields.semester ?? current.semester, fields.year ?? current.year)
    : { start: current.term_start, end: current.term_end };
  const start = fields.term_start !== undefined ? fields.term_start : term.start;
  const end = fields.term_end !== undefined ? fields.term_end : term.end;
  termOrderIssue(start, end);
  if (start !== current.term_start) out.term_start = start;
  if (end !== current.term_end) out.term_end = end;
  return out;
}

/** An unfinished wizard's class is kept this long after it was last changed. */
const DRAFT_KEPT_DAYS = 7;
/** Drafts one teacher may have at once: each wizard left open makes one. */
const MAX_DRAFTS = 5;
const DRAFT_LIMIT_MESSAGE =
  'You have 5 unfinished classes. Finish or delete one of them before starting another.';

type ClassesServiceDeps = {
  repo: ClassesRepository;
  billing: BillingService;
  /** each class's next dated item (the dates feature, which reads the course facts) */
  nextDates?: (classes: ClassItem[]) => Promise<Map<string, ComingUpItem>>;
};

/** A class as the teacher writes it: the time zone may be left to the default. */
export type ClassFields = Omit<ClassValues, 'time_zone'> & { time_zone: string | null };

/** The zone a class's days are counted in when the teacher gives none. */
const DEFAULT_TIME_ZONE = 'UTC';

function termOrderIssue(start: string | null, end: string | null) {
  if (start && end && end < start)
    throw new InputValidationError([
      { loc: ['body', 'term_end'], msg: DATE_MESSAGES.termOrder, type: 'value_error' },
    ]);
}

export class ClassesService {
  private readonly creations = new KeyedQueue();

  constructor(private readonly deps: ClassesServiceDeps) {}

  async list(teacherId: string, activeOnly: boolean) {
    const [rows, billing_summary] = await Promise.all([
      this.deps.repo.list(teacherId, activeOnly),
      this.deps.billing.usage(teacherId),
    ]);
    const classes = rows.map(toClassItem);
    const next = (await this.deps.nextDates?.(classes)) ?? new Map<string, ComingUpItem>();
    return {
      classes: classes.map((c) => ({ ...c, next_date: next.get(c.id) ?? null })),
      billing_summary,
    };
  }

  /** What day it is for a class (its term, zone and year), by id alone: the chat's. */
  async calendarOf(classId: string) {
    const row = await this.deps.repo.calendarOf(classId);
    if (!row) throw notFound('Class');
    return row;
  }

  async get(teacherId: string, id: string): Promise<ClassItem> {
    const row = await this.deps.repo.find(teacherId, id);
    if (!row) throw notFound('Class');
    return toClassItem(row);
  }

  /** The teacher's drafts (classes the wizard left unfinished), to offer for resumption. */
  async drafts(teacherId: string): Promise<ClassItem[]> {
    return (await this.deps.repo.listDrafts(teacherId)).map(toClassItem);
  }

  /**
   * Creates a class if the billing allowance has room (else the allowance's refusal and message).
   * A draft is checked the same way (the wizard is not started for a class that could not be
   * made) but counts only once it is made a class, when it is checked again.
   */
  async create(
    teacherId: string,
    fields: ClassFields & { is_draft?: boolean },
  ): Promise<ClassItem> {
    const term = defaultTerm(fields.semester, fields.year);
    const values = {
      ...fields,
      term_start: fields.term_start ?? term.start,
      term_end: fields.term_end ?? term.end,
      time_zone: fields.time_zone ?? DEFAULT_TIME_ZONE,
    };
    termOrderIssue(values.term_start, values.term_end);
    // a class counts toward its own semester's allowance (a Spring 2027 class uses no Fall slot)
    const season = this.deps.billing.seasonOfClass(values.semester, values.year);
    // one creation per teacher at a time in this process; the row lock serialises instances
    const id = await this.whileCreating(teacherId, season, async (trx) => {
      if (values.is_draft && (await this.deps.repo.countDrafts(teacherId, trx)) >= MAX_DRAFTS)
        throw conflict(DRAFT_LIMIT_MESSAGE);
      return this.deps.repo.insert(teacherId, season, values, trx);
    });
    return this.get(teacherId, id);
  }

  async update(
    teacherId: string,
    id: string,
    values: Partial<ClassFields> & { is_active?: boolean; is_draft?: false },
  ): Promise<ClassItem> {
    const { is_draft, ...fields } = values;
    const row = await this.deps.repo.find(teacherId, id);
    if (!row) throw notFound('Class');
    const current = toClassItem(row);
    const defined = {
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      ...termChange(current, fields),
    } as Partial<ClassValues>;
    // the season the class counts toward after this change: its (new) semester's
    const season = this.deps.billing.seasonOfClass(
      fields.semester !== undefined ? fields.semester : current.semester,
      fields.year !== undefined ? fields.year : current.year,
    );
    const moved = fields.semester !== undefined || fields.year !== undefined;
    if (is_draft === false && current.is_draft) {
      // Create Class: the draft, with these last changes, becomes a class of its season if the
      // allowance has room now; else nothing changes
      await this.whileCreating(teacherId, season, async (trx) => {
        await this.deps.repo.update(teacherId, id, defined, trx);
        await this.deps.repo.finishDraft(teacherId, id, season, trx);
      });
    } else if (!current.is_draft && moved && season !== row.season_name) {
      // a class moved to another semester counts there from now: it needs room there, as a new one
      await this.whileCreating(teacherId, season, (trx) =>
        this.deps.repo.update(teacherId, id, { ...defined, season_name: season }, trx),
      );
    } else if (!(await this.deps.repo.update(teacherId, id, defined))) throw notFound('Class');
    return this.get(teacherId, id);
  }

  /**
   * Runs `make` when the teacher may create a class in `season` now, one creation of theirs at a
   * time.
   */
  private async whileCreating<T>(
    teacherId: string,
    season: string,
    make: (trx: Trx) => Promise<T>,
  ): Promise<T> {
    await this.deps.billing.applyLocalLifecycle(teacherId); // a trial that just ended changes the answer
    return this.creations.run(teacherId, () =>
      this.deps.repo.transaction(async (trx) => {
        await this.deps.repo.lockTeacher(teacherId, trx);
        await this.deps.billing.assertCanCreateClass(teacherId, season, trx);
        return make(trx);
      }),
    );
  }

  /** Drafts untouched for DRAFT_KEPT_DAYS are deleted with their material (housekeeping). */
  deleteAbandonedDrafts(now = new Date()): Promise<number> {
    return this.deps.repo.deleteDraftsUntouchedSince(
      new Date(now.getTime() - DRAFT_KEPT_DAYS * 24 * 60 * 60_000),
    );
  }

  async delete(teacherId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.delete(teacherId, id))) throw notFound('Class');
  }

  /**
   * Used by other features to check ownership: the class's id, name and course code, or 404.
   * A light query, since it runs before every content, conversation and analytics call.
   */
  async requireOwned(teacherId: string, id: string) {
    const row = await this.deps.repo.findOwned(teacherId, id);
    if (!row) throw notFound('Class');
    return row;
  }
}
