import { sql } from 'kysely';
import type { FactKind } from '@app/contracts';
import type { Executor, Trx } from '../../db/index.ts';
import { Repository } from '../../db/repository.ts';

export type ExtractedFactRow = {
  chunkId: string | null;
  kind: FactKind;
  subject: string;
  attribute: string;
  value: string;
  sourceText: string;
};

export type FactValues = { kind: FactKind; subject: string; attribute: string; value: string };

/** The key a correction keeps of the fact it overrides (see migration 008). */
const factKey = (t: string) =>
  sql<string>`${sql.ref(`${t}.kind`)} || '|' || lower(${sql.ref(`${t}.subject`)}) || '|' || ${sql.ref(`${t}.attribute`)} || '|' || lower(${sql.ref(`${t}.value`)})`;

export function keyOf(f: FactValues): string {
  return `${f.kind}|${f.subject.toLowerCase()}|${f.attribute}|${f.value.toLowerCase()}`;
}

const listColumns = [
  'f.id',
  'f.class_id',
  'f.content_id',
  'f.chunk_id',
  'f.kind',
  'f.subject',
  'f.attribute',
  'f.value',
  'f.source_text',
  'f.origin',
  'f.overrides_id',
  'f.created_at',
  'f.updated_at',
] as const;

/** All SQL for course facts. Callers check the class's owner first. */
export class FactsRepository extends Repository {
  /**
   * Replaces a content item's extracted facts inside the transaction that stores its chunks, and
   * points the class's corrections back at the facts they override when those are read again.
   */
  async replaceExtracted(trx: Trx, classId: string, contentId: string, rows: ExtractedFactRow[]) {
    await this.lockFacts(trx, classId);
    await trx
      .deleteFrom('course_facts')
      .where('content_id', '=', contentId)
      .where('origin', '=', 'extracted')
      .execute();
    // batches keep each INSERT well under PostgreSQL's 65,535 parameters
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('course_facts')
        .values(
          rows.slice(i, i + 1000).map((r, k) => ({
            position: i + k,
            class_id: classId,
            content_id: contentId,
            chunk_id: r.chunkId,
            kind: r.kind,
            subject: r.subject,
            attribute: r.attribute,
            value: r.value,
            source_text: r.sourceText,
            origin: 'extracted' as const,
          })),
        )
        .execute();
    }
    await this.linkCorrections(trx, classId, contentId);
  }

  /**
   * Points the class's waiting corrections (overrides_id null, a key kept) at the extracted facts
   * with their key: those of `contentId`, or of the whole class. Runs under lockFacts.
   */
  async linkCorrections(trx: Trx, classId: string, contentId?: string) {
    await sql`
      UPDATE course_facts t SET overrides_id = m.extracted_id
      FROM (
        SELECT DISTINCT ON (e.id) e.id AS extracted_id, c.id AS correction_id
        FROM course_facts e
        JOIN course_facts c ON c.class_id = e.class_id AND c.origin = 'teacher'
          AND c.overrides_id IS NULL AND c.overrides_key = ${factKey('e')}
        WHERE e.class_id = ${classId} AND e.origin = 'extracted'
          ${contentId ? sql`AND e.content_id = ${contentId}` : sql``}
          AND NOT EXISTS (SELECT 1 FROM course_facts o WHERE o.overrides_id = e.id)
        ORDER BY e.id, c.updated_at DESC
      ) m
      WHERE t.id = m.correction_id`.execute(trx);
  }

  /**
   * One writer of a class's extracted facts or copied corrections at a time, so each sees the
   * other's rows when it links corrections (else both could commit unlinked).
   */
  async lockFacts(trx: Trx, classId: string) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${'course_facts:' + classId}, 0))`.execute(
      trx,
    );
  }

  /**
   * The teacher's facts of `from` copied into `to`: additions, and corrections and hiding markers
   * (their key kept, waiting for the copy's own extracted fact: FactsRepository.linkCorrections).
   * A correction of a fact read from an item that is not the syllabus comes along only with
   * `withAdditional` (the copy has that item then). Returns how many were copied.
   */
  async copyTeacherFacts(trx: Trx, from: string, to: string, withAdditional: boolean) {
    const r = await sql`
      INSERT INTO course_facts
        (class_id, kind, subject, attribute, value, source_text, position, origin, overrides_key)
      SELECT ${to}, f.kind, f.subject, f.attribute, f.value, f.source_text, f.position, 'teacher',
             f.overrides_key
      FROM course_facts f
      LEFT JOIN course_facts e ON e.id = f.overrides_id
      LEFT JOIN contents ct ON ct.id = e.content_id
      WHERE f.class_id = ${from} AND f.origin = 'teacher'
        AND (f.overrides_key IS NULL OR e.id IS NULL OR ct.content_type = 'syllabus'
             OR ${withAdditional})
      ORDER BY f.created_at, f.id`.execute(trx);
    return Number(r.numAffectedRows ?? 0);
  }

  /** Every fact of a class (or one) with its source and its correction (hiding markers left out). */
  listForClass(classId: string, onlyId?: string) {
    let q = this.db
      .selectFrom('course_facts as f')
      .leftJoin('contents as ct', 'ct.id', 'f.content_id')
      .leftJoin('course_facts as o', 'o.overrides_id', 'f.id')
      .select([
        ...listColumns,
        'ct.title as content_title',
        'o.id as overridden_by',
        'o.value as override_value',
      ])
      .where('f.class_id', '=', classId)
      .where((eb) => eb.or([eb('f.overrides_id', 'is', null), eb('f.value', '!=', '')]));
    if (onlyId) q = q.where('f.id', '=', onlyId);
    return q
      .orderBy('f.kind')
      .orderBy('f.origin')
      .orderBy('f.created_at')
      .orderBy('f.position')
      .orderBy('f.subject')
      .orderBy('f.attribute')
      .orderBy('f.id')
      .execute();
  }

  find(classId: string, id: string, ex: Executor = this.db) {
    return ex
      .selectFrom('course_facts as f')
      .select(listColumns)
      .where('f.class_id', '=', classId)
      .where('f.id', '=', id)
      .executeTakeFirst();
  }

  /** The correction of an extracted fact, if the teacher made one. */
  findOverride(extractedId: string, ex: Executor = this.db) {
    return ex
      .selectFrom('course_facts as f')
      .select(listColumns)
      .where('f.overrides_id', '=', extractedId)
      .executeTakeFirst();
  }

  async insertTeacher(
    classId: string,
    values: FactValues,
    overrides: { id: string; key: string } | null = null,
    ex: Executor = this.db,
  ): Promise<string> {
    const row = await ex
      .insertInto('course_facts')
      .values({
        class_id: classId,
        ...values,
        origin: 'teacher',
        overrides_id: overrides?.id ?? null,
        overrides_key: overrides?.key ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: string, values: Partial<FactValues>, ex: Executor = this.db) {
    await ex
      .updateTable('course_facts')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string) {
    await this.db.deleteFrom('course_facts').where('id', '=', id).execute();
  }

  /** The facts answers use: every non-empty fact no correction overrides, with its source. */
  factSheet(classId: string) {
    return this.db
      .selectFrom('course_facts as f')
      .leftJoin('contents as ct', 'ct.id', 'f.content_id')
      .select([
        'f.id',
        'f.kind',
        'f.subject',
        'f.attribute',
        'f.value',
        'f.origin',
        'f.source_text',
        'f.content_id',
        'f.chunk_id',
        'ct.title as content_title',
        'ct.content_type',
      ])
      .where('f.class_id', '=', classId)
      .where('f.value', '!=', '')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('course_facts as o').select('o.id').whereRef('o.overrides_id', '=', 'f.id'),
          ),
        ),
      )
      .orderBy('f.kind')
      .orderBy('f.origin', 'desc')
      .orderBy('f.content_id')
      .orderBy('f.position')
      .orderBy('f.created_at')
      .orderBy('f.id')
      .execute();
  }
}

export type FactRow = NonNullable<Awaited<ReturnType<FactsRepository['find']>>>;
export type FactListRow = Awaited<ReturnType<FactsRepository['listForClass']>>[number];
