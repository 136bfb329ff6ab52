import { sql } from 'kysely';
import type { CheckStatus, Citation } from '@app/contracts';
import { Repository } from '../../db/repository.ts';
import type { Trx } from '../../db/index.ts';

export type CheckRecord = {
  id: string;
  standard_key: string | null;
  question: string;
  question_key: string;
  status: CheckStatus;
  answer: string | null;
  citations: Citation[];
  checked_at: Date | null;
  created_at: Date;
};

/** What a check is set to: the status, the answer and (for a confirmed reply) its sources. */
export type CheckValues = {
  status: CheckStatus;
  answer: string | null;
  citations: Citation[];
  /** the passage a confirmed answer came from; its material words are kept (migration 032) */
  passage: string | null;
};

const COLUMNS = [
  'id',
  'standard_key',
  'question',
  'question_key',
  'status',
  'answer',
  'citations',
  'checked_at',
  'created_at',
] as const;

/** All SQL of Check your assistant (migration 032). The caller has checked the class's owner. */
export class AssistantCheckRepository extends Repository {
  /** question_group_key of each question, in order. */
  async groupKeys(questions: string[]): Promise<string[]> {
    const { rows } = await sql<{ key: string }>`
      SELECT question_group_key(q) AS key
      FROM unnest(${questions}::text[]) WITH ORDINALITY AS t(q, n)
      ORDER BY n`.execute(this.db);
    return rows.map((r) => r.key);
  }

  /** The class's checks, the teacher's own questions in the order they were added. */
  list(classId: string): Promise<CheckRecord[]> {
    return this.db
      .selectFrom('assistant_checks')
      .select(COLUMNS)
      .where('class_id', '=', classId)
      .orderBy('created_at')
      .orderBy('id')
      .execute() as Promise<CheckRecord[]>;
  }

  /** One of the teacher's own questions; undefined when the class has no such question. */
  findOwn(classId: string, id: string): Promise<CheckRecord | undefined> {
    return this.db
      .selectFrom('assistant_checks')
      .select(COLUMNS)
      .where('class_id', '=', classId)
      .where('id', '=', id)
      .where('standard_key', 'is', null)
      .executeTakeFirst() as Promise<CheckRecord | undefined>;
  }

  /** Sets a standard question's check (the row is made on the first). */
  async setStandard(
    classId: string,
    standardKey: string,
    question: string,
    values: CheckValues,
  ): Promise<CheckRecord> {
    const set = this.setOf(values);
    return (await this.db
      .insertInto('assistant_checks')
      .values({ class_id: classId, standard_key: standardKey, question, ...set })
      .onConflict((oc) =>
        oc.columns(['class_id', 'standard_key']).doUpdateSet({ question, ...set }),
      )
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()) as CheckRecord;
  }

  /** Sets one of the teacher's own questions' check; undefined when there is no such question. */
  async setOwn(classId: string, id: string, values: CheckValues): Promise<CheckRecord | undefined> {
    return (await this.db
      .updateTable('assistant_checks')
      .set(this.setOf(values))
      .where('class_id', '=', classId)
      .where('id', '=', id)
      .where('standard_key', 'is', null)
      .returning(COLUMNS)
      .executeTakeFirst()) as CheckRecord | undefined;
  }

  private setOf(values: CheckValues) {
    return {
      status: values.status,
      answer: values.answer,
      citations: JSON.stringify(values.citations),
      source_passage:
        values.passage === null ? null : sql<string>`material_words(${values.passage})`,
      checked_at: values.status === 'unchecked' ? null : sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    };
  }

  /**
   * Adds a question of the teacher's own, unless the class has `max` already or the same question
   * (its group key): 'full' or 'listed' then. The class row is locked, so concurrent adds count
   * one after another.
   */
  addOwn(classId: string, question: string, max: number): Promise<CheckRecord | 'full' | 'listed'> {
    return this.transaction(async (trx: Trx) => {
      await trx
        .selectFrom('classes')
        .select('id')
        .where('id', '=', classId)
        .forUpdate()
        .executeTakeFirst();
      const { n } = await trx
        .selectFrom('assistant_checks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('class_id', '=', classId)
        .where('standard_key', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return 'full';
      const row = await trx
        .insertInto('assistant_checks')
        .values({ class_id: classId, question })
        .onConflict((oc) =>
          oc.columns(['class_id', 'question_key']).where('standard_key', 'is', null).doNothing(),
        )
        .returning(COLUMNS)
        .executeTakeFirst();
      return (row as CheckRecord | undefined) ?? 'listed';
    });
  }

  /**
   * The checked answers of `from` (every checked standard question and every question of the
   * teacher's own) copied into `to`. A citation names the copy's item of the same title and type
   * (one the copy lacks is left out); a confirmed answer whose passage the copy's ready items do
   * not hold needs a new look (recheck_assistant_sources, migration 032).
   */
  async copyChecks(trx: Trx, from: string, to: string) {
    const r = await sql`
      INSERT INTO assistant_checks
        (class_id, standard_key, question, status, answer, citations, source_passage, checked_at)
      SELECT ${to}, a.standard_key, a.question, a.status, a.answer,
        (SELECT coalesce(jsonb_agg(jsonb_set(x.c, '{content_id}', to_jsonb(t.id::text))
                                   ORDER BY x.n), '[]'::jsonb)
         FROM jsonb_array_elements(a.citations) WITH ORDINALITY AS x(c, n)
         JOIN LATERAL (
           SELECT id FROM contents
           WHERE class_id = ${to} AND title = x.c->>'title' AND content_type = x.c->>'content_type'
           ORDER BY created_at, id LIMIT 1) t ON true),
        a.source_passage, a.checked_at
      FROM assistant_checks a
      WHERE a.class_id = ${from} AND (a.status <> 'unchecked' OR a.standard_key IS NULL)
      ORDER BY a.created_at, a.id
      ON CONFLICT DO NOTHING`.execute(trx);
    await sql`SELECT recheck_assistant_sources(${to})`.execute(trx);
    return Number(r.numAffectedRows ?? 0);
  }
}
