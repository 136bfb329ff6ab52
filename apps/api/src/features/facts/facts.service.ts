import type { ContentType, CourseFact, FactCreate, FactKind, FactUpdate } from '@app/contracts';
import type { Trx } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import {
  keyOf,
  type FactsRepository,
  type FactListRow,
  type FactRow,
  type FactValues,
} from './facts.repository.ts';
import { extractedFactRows } from './link.ts';

/** One fact as the answering engine reads it: teacher corrections already applied. */
export type FactSheetEntry = {
  id: string;
  kind: FactKind;
  subject: string;
  attribute: string;
  value: string;
  origin: 'extracted' | 'teacher';
  /** the line(s) the fact was read from; null for a teacher's fact */
  sourceText: string | null;
  contentId: string | null;
  contentTitle: string | null;
  contentType: ContentType | null;
  chunkId: string | null;
};

/** The class's effective facts (after teacher corrections), for answering: one indexed query. */
export async function loadFactSheet(
  repo: FactsRepository,
  classId: string,
): Promise<FactSheetEntry[]> {
  const rows = await repo.factSheet(classId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    subject: r.subject,
    attribute: r.attribute,
    value: r.value,
    origin: r.origin,
    sourceText: r.source_text,
    contentId: r.content_id,
    contentTitle: r.content_title,
    contentType: r.content_type,
    chunkId: r.chunk_id === null ? null : String(r.chunk_id),
  }));
}

function toFact(row: FactListRow): CourseFact {
  const status =
    row.overridden_by === null ? 'active' : row.override_value === '' ? 'hidden' : 'overridden';
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    attribute: row.attribute,
    value: row.value,
    origin: row.origin,
    status,
    overrides_id: row.overrides_id,
    overridden_by: row.overridden_by,
    source:
      row.content_id === null
        ? null
        : {
            content_id: row.content_id,
            content_title: row.content_title ?? '',
            chunk_id: row.chunk_id === null ? null : String(row.chunk_id),
            text: row.source_text ?? '',
          },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The teacher's view of the fact sheet. A teacher's fact is class material and wins: correcting
 * an extracted fact stores a teacher fact that overrides it (the extracted one is listed as
 * 'overridden'); deleting an extracted fact stores an empty correction that hides it ('hidden');
 * deleting a correction brings the extracted fact back.
 */
type FactsServiceDeps = {
  repo: FactsRepository;
  classes: Pick<ClassesService, 'requireOwned'>;
};

export class FactsService {
  constructor(private readonly deps: FactsServiceDeps) {}

  /**
   * Copy Class (issue 31): the teacher's facts of `from` (additions, corrections, hiding markers)
   * copied into `to` in `trx`; corrections take the copy's extracted facts with their key now or
   * when they are read. Returns how many were copied.
   */
  async carryOver(trx: Trx, from: string, to: string, withAdditional: boolean): Promise<number> {
    await this.deps.repo.lockFacts(trx, to);
    const copied = await this.deps.repo.copyTeacherFacts(trx, from, to, withAdditional);
    await this.deps.repo.linkCorrections(trx, to);
    return copied;
  }

  /** The class's fact sheet, as the answering engine reads it. */
  sheet(classId: string): Promise<FactSheetEntry[]> {
    return loadFactSheet(this.deps.repo, classId);
  }

  /**
   * Ingest: reads the facts of a content item's text, links each to the stored chunk holding its
   * source, and replaces the item's extracted facts with them, in `trx` (the content repository's
   * transaction that stores the chunks). A fact whose source `skip` refuses (a planted
   * instruction) is not kept.
   */
  async storeExtracted(
    trx: Trx,
    item: {
      classId: string;
      contentId: string;
      text: string;
      chunks: { id: string; position: number; body: string }[];
      skip: (sourceText: string) => boolean;
    },
  ): Promise<void> {
    const facts = extractedFactRows(item.text, item.chunks).filter((f) => !item.skip(f.sourceText));
    await this.deps.repo.replaceExtracted(trx, item.classId, item.contentId, facts);
  }

  async list(teacherId: string, classId: string): Promise<CourseFact[]> {
    await this.deps.classes.requireOwned(teacherId, classId);
    return (await this.deps.repo.listForClass(classId)).map(toFact);
  }

  async create(teacherId: string, classId: string, input: FactCreate): Promise<CourseFact> {
    await this.deps.classes.requireOwned(teacherId, classId);
    const id = await this.deps.repo.insertTeacher(classId, input);
    return this.get(classId, id);
  }

  /** Correcting an extracted fact creates (or updates) its correction; a teacher fact is edited. */
  async update(
    teacherId: string,
    classId: string,
    factId: string,
    patch: FactUpdate,
  ): Promise<CourseFact> {
    await this.deps.classes.requireOwned(teacherId, classId);
    const fact = await this.requireFact(classId, factId);
    const { status, ...fields } = patch;
    // restoring a hidden fact: its hiding marker goes; then any other change applies
    if (status === 'active') await this.restore(fact);
    if (Object.values(fields).every((v) => v === undefined)) return this.get(classId, fact.id);
    if (fact.origin === 'teacher') {
      await this.deps.repo.update(fact.id, fields);
      return this.get(classId, fact.id);
    }
    const id = await this.correct(classId, fact, fields);
    return this.get(classId, id);
  }

  async delete(teacherId: string, classId: string, factId: string): Promise<void> {
    await this.deps.classes.requireOwned(teacherId, classId);
    const fact = await this.requireFact(classId, factId);
    if (fact.origin === 'teacher') return this.deps.repo.delete(fact.id);
    await this.correct(classId, fact, { value: '' });
  }

  /** A hidden extracted fact is active again: the empty correction that hid it is deleted. */
  private async restore(fact: FactRow): Promise<void> {
    if (fact.origin !== 'extracted') return;
    const marker = await this.deps.repo.findOverride(fact.id);
    if (marker && marker.value === '') await this.deps.repo.delete(marker.id);
  }

  private async correct(
    classId: string,
    fact: FactRow,
    patch: Partial<FactValues>,
  ): Promise<string> {
    const existing = await this.deps.repo.findOverride(fact.id);
    const values: FactValues = {
      kind: patch.kind ?? existing?.kind ?? fact.kind,
      subject: patch.subject ?? existing?.subject ?? fact.subject,
      attribute: patch.attribute ?? existing?.attribute ?? fact.attribute,
      value: patch.value ?? (existing && existing.value !== '' ? existing.value : fact.value),
    };
    if (existing) {
      await this.deps.repo.update(existing.id, values);
      return existing.id;
    }
    return this.deps.repo.insertTeacher(classId, values, { id: fact.id, key: keyOf(fact) });
  }

  private async requireFact(classId: string, id: string): Promise<FactRow> {
    const fact = await this.deps.repo.find(classId, id);
    // a hiding marker is not a fact the teacher can see
    if (!fact || (fact.origin === 'teacher' && fact.value === '')) throw notFound('Fact');
    return fact;
  }

  private async get(classId: string, id: string): Promise<CourseFact> {
    const [row] = await this.deps.repo.listForClass(classId, id);
    if (!row) throw notFound('Fact');
    return toFact(row);
  }
}
