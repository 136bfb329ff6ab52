import { CARRY_OVER_MESSAGES, type ClassCarryOver, type ClassCarryOverReply } from '@app/contracts';
import { conflict, invalidInput } from '../../errors.ts';
import type { Trx } from '../../db/index.ts';
import type { CarryOverRepository, TeacherAnswerRow } from './carry-over.repository.ts';

type Deps = {
  repo: CarryOverRepository;
  facts: {
    carryOver(trx: Trx, from: string, to: string, withAdditional: boolean): Promise<number>;
  };
  checks: { carryOver(trx: Trx, from: string, to: string): Promise<number> };
  classes: { requireOwned(teacherId: string, classId: string): Promise<unknown> };
  /** ContentService.createText: a teacher answer's item, with its answer in the same commit */
  createText(
    teacherId: string,
    input: { classId: string; title: string; content: string; contentType: 'other' },
    alsoInTransaction: (trx: Trx, id: string) => Promise<void>,
  ): Promise<unknown>;
};

/**
 * Copy Class's second half (issue 31): the teacher's work on a class — course-fact corrections,
 * additions and hidden facts, teacher answers and checked answers — copied into its copy, once.
 * The web's copy flow (SPEC §4) calls it after copying the syllabus and the other items.
 */
export class CarryOverService {
  constructor(private readonly deps: Deps) {}

  async carry(
    teacherId: string,
    toClassId: string,
    input: ClassCarryOver,
  ): Promise<ClassCarryOverReply> {
    const from = input.from_class_id;
    await this.deps.classes.requireOwned(teacherId, toClassId);
    await this.deps.classes.requireOwned(teacherId, from);
    if (from === toClassId) throw invalidInput(CARRY_OVER_MESSAGES.sameClass);

    // the claim commits first, so a doubled request stops here; if a step after it fails the
    // claim is undone, and trying again finds the teacher answers already made
    if (!(await this.deps.repo.claim(toClassId, from)))
      throw conflict(CARRY_OVER_MESSAGES.alreadyCarried);
    try {
      // each teacher answer is its own item, made in its own transaction as the teacher's was
      const answers = await this.deps.repo.teacherAnswers(from);
      for (const answer of answers) await this.keepTeacherAnswer(teacherId, toClassId, answer);
      return await this.deps.repo.transaction(async (trx) => {
        const withAdditional = input.copy_additional ?? true;
        const facts = await this.deps.facts.carryOver(trx, from, toClassId, withAdditional);
        const checks = await this.deps.checks.carryOver(trx, from, toClassId);
        const counts = { facts, teacher_answers: answers.length, checks };
        await this.deps.repo.record(trx, toClassId, counts);
        return counts;
      });
    } catch (error) {
      await this.deps.repo.release(toClassId);
      throw error;
    }
  }

  private async keepTeacherAnswer(teacherId: string, classId: string, answer: TeacherAnswerRow) {
    const item = await this.deps.repo.itemLike(classId, answer);
    if (item) return this.deps.repo.keepAnswer(classId, item, answer);
    await this.deps.createText(
      teacherId,
      { classId, title: answer.title, content: answer.content, contentType: 'other' },
      (trx, contentId) => this.deps.repo.keepAnswer(classId, contentId, answer, trx),
    );
  }
}
