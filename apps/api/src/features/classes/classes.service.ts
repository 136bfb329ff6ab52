import type { ClassItem } from '@app/contracts';
import { notFound } from '../../errors.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { ClassesRepository, ClassRow, ClassValues } from './classes.repository.ts';
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
    chat_uuid: row.chat_uuid,
    question_count: Number(row.question_count),
    content_count: Number(row.content_count ?? 0),
    has_syllabus: Boolean(row.has_syllabus),
    professor: { first_name: row.professor_first_name, last_name: row.professor_last_name },
    school_name: row.school ?? row.teacher_institution,
    sample_questions: row.sample_questions,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

type ClassesServiceDeps = {
  repo: ClassesRepository;
  billing: BillingService;
};

export class ClassesService {
  private readonly creations = new KeyedQueue();

  constructor(private readonly deps: ClassesServiceDeps) {}

  async list(teacherId: string, activeOnly: boolean) {
    const [rows, billing_summary] = await Promise.all([
      this.deps.repo.list(teacherId, activeOnly),
      this.deps.billing.usage(teacherId),
    ]);
    return { classes: rows.map(toClassItem), billing_summary };
  }

  async get(teacherId: string, id: string): Promise<ClassItem> {
    const row = await this.deps.repo.find(teacherId, id);
    if (!row) throw notFound('Class');
    return toClassItem(row);
  }

  /** Creates a class if the billing allowance has room (else the allowance's refusal and message). */
  async create(teacherId: string, values: ClassValues): Promise<ClassItem> {
    await this.deps.billing.applyLocalLifecycle(teacherId); // a trial that just ended changes the answer
    // one creation per teacher at a time in this process; the row lock serialises instances
    const id = await this.creations.run(teacherId, () =>
      this.deps.repo.transaction(async (trx) => {
        await this.deps.repo.lockTeacher(teacherId, trx);
        await this.deps.billing.assertCanCreateClass(teacherId, trx);
        return this.deps.repo.insert(
          teacherId,
          this.deps.billing.currentSeason().name,
          values,
          trx,
        );
      }),
    );
    return this.get(teacherId, id);
  }

  async update(
    teacherId: string,
    id: string,
    values: Partial<ClassValues> & { is_active?: boolean },
  ): Promise<ClassItem> {
    const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (!(await this.deps.repo.update(teacherId, id, defined))) throw notFound('Class');
    return this.get(teacherId, id);
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
