import { Repository } from '../../db/repository.ts';

/** All SQL answering needs beyond the material: what a class's answers have cost. */
export class AnsweringRepository extends Repository {
  /** Tokens the class's conversations used from `start` (inclusive) to `end` (exclusive). */
  async tokensUsed(classId: string, start: Date, end: Date): Promise<number> {
    const row = await this.db
      .selectFrom('conversations')
      .select((eb) => eb.fn.sum<string | number | null>('tokens_used').as('total'))
      .where('class_id', '=', classId)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }
}
