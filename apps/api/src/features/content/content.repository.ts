import { sql } from 'kysely';
import type { ContentStatus, ContentType } from '@app/contracts';
import type { Db, Executor, Trx } from '../../db/index.ts';
import { Repository } from '../../db/repository.ts';
import type { FactsService } from '../facts/facts.service.ts';
import { screenForInstructions } from './planted-instructions.ts';

export type ChunkValues = {
  position: number;
  heading: string | null;
  body: string;
  wordCount: number;
};
export type AlsoInTransaction = (trx: Trx, contentId: string) => Promise<void>;
type ContentValues = {
  title: string;
  content: string;
  content_type: ContentType;
  display_order?: number;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  word_count: number;
};

const listColumns = [
  'ct.id',
  'ct.class_id',
  'ct.title',
  'ct.content_type',
  'ct.display_order',
  'ct.file_name',
  'ct.file_type',
  'ct.file_size',
  'ct.word_count',
  'ct.status',
  'ct.status_reason',
  'ct.warnings',
  'sc.slack_channel_id',
  'sc.slack_channel_name',
  'sc.slack_user_id',
  'ct.created_at',
  'ct.updated_at',
] as const;

/**
 * All SQL for course content and its chunks; every query joins the class to check its owner.
 * A ready item's facts are stored with its chunks, in their transaction, by the facts service.
 */
export class ContentRepository extends Repository {
  constructor(
    db: Db,
    private readonly facts: Pick<FactsService, 'storeExtracted'>,
  ) {
    super(db);
  }

  private owned(teacherId: string, ex: Executor = this.db) {
    return (
      ex
        .selectFrom('contents as ct')
        .innerJoin('classes as c', 'c.id', 'ct.class_id')
        // where an item shared in a linked Slack channel came from
        .leftJoin('slack_contents as sc', 'sc.content_id', 'ct.id')
        .where('c.teacher_id', '=', teacherId)
    );
  }

  listForClass(teacherId: string, classId: string) {
    return this.owned(teacherId)
      .select(listColumns)
      .where('ct.class_id', '=', classId)
      .orderBy(sql`ct.content_type = 'syllabus'`, 'desc')
      .orderBy('ct.display_order')
      .orderBy('ct.created_at')
      .execute();
  }

  find(teacherId: string, id: string, ex: Executor = this.db) {
    return this.owned(teacherId, ex)
      .select([...listColumns, 'ct.content'])
      .where('ct.id', '=', id)
      .executeTakeFirst();
  }

  findSyllabus(teacherId: string, classId: string) {
    return (
      this.owned(teacherId)
        .select([...listColumns, 'ct.content'])
        .where('ct.class_id', '=', classId)
        .where('ct.content_type', '=', 'syllabus')
        // the one answers use; else the newest upload still being read (or that failed)
        .orderBy(sql`ct.status = 'ready'`, 'desc')
        .orderBy('ct.created_at', 'desc')
        .executeTakeFirst()
    );
  }

  /**
   * Inserts content and its chunks in one transaction. A syllabus replaces the class's previous
   * syllabus (and its chunks) in the same transaction.
   */
  /** `alsoInTransaction` runs with the new item's id before the commit: both happen or neither. */
  async insertWithChunks(
    classId: string,
    values: ContentValues,
    chunks: ChunkValues[],
    alsoInTransaction?: AlsoInTransaction,
  ): Promise<string> {
    return this.transaction(async (trx) => {
      if (values.content_type === 'syllabus') await this.clearSyllabus(classId, trx);
      const id = await this.insertItem(classId, values, trx);
      await this.insertChunks(id, classId, values.content, chunks, trx);
      await alsoInTransaction?.(trx, id);
      return id;
    });
  }

  /**
   * Records an uploaded file as an item in `processing` and attaches its stored bytes, with
   * `alsoInTransaction` (sending its job): the item exists only with the job that will read it.
   */
  async insertProcessing(
    classId: string,
    values: Omit<ContentValues, 'content' | 'word_count' | 'file_type'>,
    uploadId: string,
    alsoInTransaction: AlsoInTransaction,
  ): Promise<string> {
    return this.transaction(async (trx) => {
      const id = await this.insertItem(
        classId,
        { ...values, content: '', word_count: 0, file_type: null, status: 'processing' },
        trx,
      );
      await trx.updateTable('uploads').set({ content_id: id }).where('id', '=', uploadId).execute();
      await alsoInTransaction(trx, id);
      return id;
    });
  }

  private async insertItem(
    classId: string,
    values: ContentValues & { status?: ContentStatus },
    trx: Trx,
  ): Promise<string> {
    const order =
      values.display_order ??
      Number(
        (
          await trx
            .selectFrom('contents')
            .select(sql<number>`coalesce(max(display_order), -1) + 1`.as('next'))
            .where('class_id', '=', classId)
            .executeTakeFirstOrThrow()
        ).next,
      );
    const row = await trx
      .insertInto('contents')
      .values({ ...values, class_id: classId, display_order: order })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A stored upload: its bytes arrive in parts (appendUploadPart) while the request streams. */
  async createUpload(): Promise<string> {
    const row = await this.db
      .insertInto('uploads')
      .defaultValues()
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async appendUploadPart(uploadId: string, seq: number, data: Buffer): Promise<void> {
    await this.db.insertInto('upload_parts').values({ upload_id: uploadId, seq, data }).execute();
  }

  /**
   * The item a teacher's upload key names: one uploaded with it within the last `windowHours`
   * and still there (a key goes with its item). Undefined otherwise.
   */
  async contentOfUploadKey(teacherId: string, key: string, windowHours: number) {
    return this.db
      .selectFrom('upload_keys as k')
      .innerJoin('contents as ct', 'ct.id', 'k.content_id')
      .select(['ct.id', 'ct.class_id'])
      .where('k.teacher_id', '=', teacherId)
      .where('k.key', '=', key)
      .where('k.created_at', '>=', sql<Date>`now() - make_interval(hours => ${windowHours})`)
      .executeTakeFirst();
  }

  /**
   * Records in `trx` that the teacher's `key` names `contentId`; false when it already names
   * another upload within the last `windowHours`. A concurrent request's insert of the same key
   * waits for this transaction (the primary key), then sees the conflict: one of them wins. A
   * key past the window is taken over.
   */
  async claimUploadKey(
    trx: Trx,
    teacherId: string,
    key: string,
    contentId: string,
    windowHours: number,
  ): Promise<boolean> {
    const row = await trx
      .insertInto('upload_keys')
      .values({ teacher_id: teacherId, key, content_id: contentId })
      .onConflict((oc) =>
        oc
          .columns(['teacher_id', 'key'])
          .doUpdateSet({ content_id: contentId, created_at: sql<Date>`now()` })
          .where(
            'upload_keys.created_at',
            '<',
            sql<Date>`now() - make_interval(hours => ${windowHours})`,
          ),
      )
      .returning('content_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** An item's state, for background work waiting on its job (no owner check: it made it). */
  async statusOf(id: string) {
    return this.db
      .selectFrom('contents')
      .select(['status', 'status_reason', 'failure_code'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Deletes a stored file not attached to an item (an attached one goes with its item). */
  async deleteUpload(uploadId: string): Promise<void> {
    await this.db
      .deleteFrom('uploads')
      .where('id', '=', uploadId)
      .where('content_id', 'is', null)
      .execute();
  }

  /** The item a job is to read and its stored file; undefined when it is gone or already read. */
  async findProcessing(id: string) {
    const row = await this.db
      .selectFrom('contents')
      .select(['id', 'class_id', 'content_type', 'file_name'])
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (!row) return undefined;
    const parts = await this.db
      .selectFrom('upload_parts as p')
      .innerJoin('uploads as u', 'u.id', 'p.upload_id')
      .select('p.data')
      .where('u.content_id', '=', id)
      .orderBy('p.seq')
      .execute();
    return { ...row, data: parts.length ? Buffer.concat(parts.map((p) => p.data)) : null };
  }

  /**
   * Stores what the job read and makes the item ready, in one transaction with its chunks and
   * facts, and drops the stored file. A syllabus replaces the syllabus uploaded before it; if a
   * later one is already ready, this one is dropped instead (the newest upload wins, whichever
   * finishes first). False when the item is gone or no longer processing.
   */
  async markReady(
    id: string,
    values: { content: string; word_count: number; file_type: string },
    chunks: ChunkValues[],
  ): Promise<boolean> {
    return this.transaction(async (trx) => {
      const item = await trx
        .selectFrom('contents')
        .select(['class_id', 'content_type', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!item) return false;
      await trx
        .selectFrom('classes')
        .select('id')
        .where('id', '=', item.class_id)
        .forUpdate()
        .execute();
      const still = await trx
        .selectFrom('contents')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .forUpdate()
        .executeTakeFirst();
      if (!still) return false;
      if (item.content_type === 'syllabus') {
        const newer = await trx
          .selectFrom('contents')
          .select('id')
          .where('class_id', '=', item.class_id)
          .where('content_type', '=', 'syllabus')
          .where('status', '=', 'ready')
          .where('created_at', '>', item.created_at)
          .executeTakeFirst();
        if (newer) {
          await trx.deleteFrom('contents').where('id', '=', id).execute();
          return false;
        }
        await trx
          .deleteFrom('contents')
          .where('class_id', '=', item.class_id)
          .where('content_type', '=', 'syllabus')
          .where('id', '!=', id)
          .where('created_at', '<=', item.created_at)
          .execute();
      }
      await trx
        .updateTable('contents')
        .set({ ...values, status: 'ready', status_reason: null, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await this.insertChunks(id, item.class_id, values.content, chunks, trx);
      await trx.deleteFrom('uploads').where('content_id', '=', id).execute();
      return true;
    });
  }

  /** The file could not be read: the item says why, and its stored file is dropped. */
  async markFailed(id: string, failure: { code: string; reason: string }): Promise<void> {
    await this.transaction(async (trx) => {
      await trx
        .updateTable('contents')
        .set({
          status: 'failed',
          status_reason: failure.reason,
          failure_code: failure.code,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
      await trx.deleteFrom('uploads').where('content_id', '=', id).execute();
    });
  }

  /** Updates content; new text replaces the chunks in the same transaction. */
  async update(
    id: string,
    classId: string,
    values: Partial<
      Pick<ContentValues, 'title' | 'content' | 'content_type' | 'display_order' | 'word_count'>
    >,
    chunks: ChunkValues[] | null,
  ) {
    await this.transaction(async (trx) => {
      if (values.content_type === 'syllabus') await this.clearSyllabus(classId, trx, id);
      await trx
        .updateTable('contents')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      if (chunks) {
        await trx.deleteFrom('content_chunks').where('content_id', '=', id).execute();
        await this.insertChunks(id, classId, values.content ?? '', chunks, trx);
      }
    });
  }

  async delete(id: string) {
    await this.db.deleteFrom('contents').where('id', '=', id).execute();
  }

  async stats(classId: string) {
    const rows = await this.db
      .selectFrom('contents')
      .select([
        'content_type',
        (eb) => eb.fn.countAll<string>().as('n'),
        (eb) => eb.fn.sum<string>('word_count').as('words'),
      ])
      .where('class_id', '=', classId)
      .where('status', '=', 'ready')
      .groupBy('content_type')
      .execute();
    const chunks = await this.db
      .selectFrom('content_chunks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow();
    return { rows, chunkCount: Number(chunks.n) };
  }

  /**
   * Stores the chunks, then the facts read from the text, linked to them (facts feature). Like
   * the facts, what the text holds of planted instructions is read here, with the text whatever
   * path it came by (a file, a paste, an edit, Slack, the trial): the item's warnings, the chunks
   * marked that never go into a prompt, and no fact read from a planted sentence.
   */
  private async insertChunks(
    contentId: string,
    classId: string,
    text: string,
    chunks: ChunkValues[],
    trx: Trx,
  ) {
    const { warnings, planted, isPlanted } = screenForInstructions(text, chunks);
    await trx.updateTable('contents').set({ warnings }).where('id', '=', contentId).execute();
    const stored: { id: string; position: number; body: string }[] = [];
    // batches keep each INSERT well under PostgreSQL's 65,535 parameters
    for (let i = 0; i < chunks.length; i += 1000) {
      const rows = await trx
        .insertInto('content_chunks')
        .values(
          chunks.slice(i, i + 1000).map((c, j) => ({
            content_id: contentId,
            class_id: classId,
            position: c.position,
            heading: c.heading,
            body: c.body,
            word_count: c.wordCount,
            addresses_ai: planted[i + j],
          })),
        )
        .returning(['id', 'position', 'body'])
        .execute();
      stored.push(...rows);
    }
    await this.facts.storeExtracted(trx, {
      classId,
      contentId,
      text,
      chunks: stored,
      skip: isPlanted,
    });
  }

  /**
   * Removes the class's syllabus (but `keep`) before another takes its place. The class row is
   * locked first, so concurrent syllabus uploads replace one another in turn instead of colliding.
   */
  private async clearSyllabus(classId: string, trx: Trx, keep?: string) {
    await trx.selectFrom('classes').select('id').where('id', '=', classId).forUpdate().execute();
    let q = trx
      .deleteFrom('contents')
      .where('class_id', '=', classId)
      .where('content_type', '=', 'syllabus');
    if (keep) q = q.where('id', '!=', keep);
    await q.execute();
  }
}

export type ContentRow = NonNullable<Awaited<ReturnType<ContentRepository['find']>>>;
export type ContentListRow = Awaited<ReturnType<ContentRepository['listForClass']>>[number];
