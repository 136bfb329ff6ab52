import {
  type ContentItem,
  type ContentType,
  UPLOAD_IDEMPOTENCY_WINDOW_HOURS,
} from '@app/contracts';
import { AppError, conflict, invalidInput, notFound } from '../../errors.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import { refuseByStart, SIGNATURE_BYTES } from '../extraction/detect.ts';
import { countWords, ExtractionError, type Extractor } from '../extraction/index.ts';
import { isExtractionCode, MESSAGES as EXTRACTION_MESSAGES } from '../extraction/errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { CONTENT_JOB, type ContentProcessor } from './content-processing.ts';
import type {
  AlsoInTransaction,
  ChunkValues,
  ContentListRow,
  ContentRepository,
  ContentRow,
} from './content.repository.ts';

function toItem(row: ContentListRow | ContentRow): ContentItem {
  return {
    id: row.id,
    class_id: row.class_id,
    title: row.title,
    content: 'content' in row ? row.content : null,
    content_type: row.content_type,
    display_order: row.display_order,
    file_name: row.file_name,
    file_type: row.file_type,
    file_size: row.file_size === null ? null : Number(row.file_size),
    word_count: row.word_count,
    status: row.status,
    status_reason: row.status_reason,
    warnings: row.warnings,
    origin:
      row.slack_channel_id === null
        ? null
        : {
            source: 'slack',
            channel_id: row.slack_channel_id,
            channel_name: row.slack_channel_name,
            shared_by: row.slack_user_id ?? '',
          },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

type TextInput = {
  classId: string;
  title: string;
  content: string;
  contentType: ContentType;
  displayOrder?: number;
  fileName?: string | null;
  fileType?: string | null;
  fileSize?: number | null;
};

/** A file stored by `storeFile`, not yet attached to an item. */
type StoredFile = { uploadId: string; size: number; fileName: string };

/** Bytes per stored part: memory per upload stays at one part, whatever the file's size. */
const UPLOAD_PART_BYTES = 1024 * 1024;

/** Thrown inside an upload's transaction when its key was claimed first: the transaction undoes. */
class UploadKeyTaken extends Error {}

const keyForAnotherClass = () =>
  conflict('This Idempotency-Key was already used for an upload to another class.');

const notReady = (status: string) =>
  conflict(
    status === 'processing'
      ? 'This file is still being read. Try again when it is ready, or delete it.'
      : 'This file could not be read. Delete it and upload it again.',
  );

type ContentServiceDeps = {
  repo: ContentRepository;
  classes: Pick<ClassesService, 'requireOwned'>;
  extractor: Extractor;
  jobs: JobQueue;
  processor: ContentProcessor;
};

export class ContentService {
  constructor(private readonly deps: ContentServiceDeps) {}

  /** Refuses early (404) a class the teacher does not own, before a file is read. */
  async requireClass(teacherId: string, classId: string): Promise<void> {
    await this.deps.classes.requireOwned(teacherId, classId);
  }

  /**
   * Streams a file into storage part by part; the caller attaches it (upload) or discards it.
   * Its name and first bytes are checked before anything is stored: a type that cannot be read
   * (a .png, a PNG named .pdf) is a 415 with nothing written, and the rest is not read.
   */
  async storeFile(chunks: AsyncIterable<Buffer>, fileName: string): Promise<StoredFile> {
    let uploadId: string | undefined;
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let typed = false;
    const checkType = (whole: boolean) => {
      typed = true;
      if (size === 0) return; // an empty file is refused as empty when it is attached
      try {
        refuseByStart(Buffer.concat(pending).subarray(0, SIGNATURE_BYTES), fileName, whole);
      } catch (err) {
        if (!(err instanceof ExtractionError)) throw err;
        // an AppError: the request's connection closes rather than read the rest
        throw new AppError(err.code, err.message);
      }
    };
    const flush = async () => {
      if (!pendingBytes) return;
      uploadId ??= await this.deps.repo.createUpload();
      await this.deps.repo.appendUploadPart(uploadId, seq++, Buffer.concat(pending));
      pending = [];
      pendingBytes = 0;
    };
    try {
      for await (const chunk of chunks) {
        size += chunk.length;
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (!typed && pendingBytes >= SIGNATURE_BYTES) checkType(false);
        if (pendingBytes >= UPLOAD_PART_BYTES) await flush();
      }
      if (!typed) checkType(true);
      await flush();
      uploadId ??= await this.deps.repo.createUpload();
    } catch (err) {
      if (uploadId) await this.discardFile(uploadId);
      throw err;
    }
    return { uploadId, size, fileName };
  }

  async discardFile(uploadId: string): Promise<void> {
    await this.deps.repo.deleteUpload(uploadId);
  }

  /**
   * Makes a stored file an item of the class in `processing`, with the job that reads it, and
   * returns that item at once (without its text): the job makes it `ready`, or `failed` with the
   * reason, and clients follow its status (GET /content/{id}). Only what is refused before the
   * file is stored (its size, its type by name and first bytes, an empty file) is answered with
   * its 4xx.
   *
   * With an `idempotencyKey`, the same teacher's upload with that key within
   * UPLOAD_IDEMPOTENCY_WINDOW_HOURS returns the first upload's item (as it is now) and this file
   * is discarded: the key is claimed in the new item's own transaction, which undoes when the key
   * already names an upload (also one that committed a moment before).
   */
  async upload(
    teacherId: string,
    input: {
      classId: string;
      contentType: ContentType;
      title: string | undefined;
      file: StoredFile;
      idempotencyKey?: string;
    },
    options: {
      /** commits with the new item and its job (e.g. recording where the file came from) */
      alsoInTransaction?: AlsoInTransaction;
    } = {},
  ): Promise<ContentItem> {
    await this.deps.classes.requireOwned(teacherId, input.classId);
    const { file } = input;
    if (file.size === 0) throw invalidInput(EXTRACTION_MESSAGES.empty);
    const fileName = file.fileName.split(/[\\/]/).pop()!.slice(0, 255) || 'upload';
    const title = input.title?.trim() || fileName.replace(/\.[^.]+$/, '') || 'Untitled';
    const key = input.idempotencyKey;
    let id: string;
    try {
      id = await this.deps.repo.insertProcessing(
        input.classId,
        {
          title: title.slice(0, 255),
          content_type: input.contentType,
          file_name: fileName,
          file_size: file.size,
        },
        file.uploadId,
        async (trx, contentId) => {
          if (
            key !== undefined &&
            !(await this.deps.repo.claimUploadKey(
              trx,
              teacherId,
              key,
              contentId,
              UPLOAD_IDEMPOTENCY_WINDOW_HOURS,
            ))
          )
            throw new UploadKeyTaken();
          await this.deps.jobs.send(CONTENT_JOB.name, { contentId }, trx);
          await options.alsoInTransaction?.(trx, contentId);
        },
      );
    } catch (err) {
      if (!(err instanceof UploadKeyTaken)) throw err;
      // the key names an earlier upload (or one that committed first): its item is the answer
      const earlier = await this.replayOf(teacherId, key!, input.classId);
      // that item was deleted in the meantime
      if (!earlier) throw conflict('This upload was just changed by another request. Try again.');
      await this.discardFile(file.uploadId);
      return earlier;
    }
    this.deps.jobs.wake(CONTENT_JOB.name);
    const item = await this.get(teacherId, id);
    // the reply names the item; its text is for GET /content/{id}
    return { ...item, content: null };
  }

  /**
   * The item of the teacher's upload with `key` within UPLOAD_IDEMPOTENCY_WINDOW_HOURS, as it is
   * now (without its text); undefined when there is none. 409 when that upload went to another
   * class than `classId` (a client reusing a key for another upload).
   */
  async replayOf(
    teacherId: string,
    key: string,
    classId: string,
  ): Promise<ContentItem | undefined> {
    const earlier = await this.deps.repo.contentOfUploadKey(
      teacherId,
      key,
      UPLOAD_IDEMPOTENCY_WINDOW_HOURS,
    );
    if (!earlier) return undefined;
    if (earlier.class_id !== classId) throw keyForAnotherClass();
    const item = await this.get(teacherId, earlier.id);
    return { ...item, content: null };
  }

  /**
   * For a caller that is itself background work (a file shared in a Slack channel, whose refusal
   * is said in its thread), never for a request: waits up to `ms` for the item's job. A file
   * refused meanwhile is deleted and its refusal thrown (an ExtractionError with the job's code
   * and reason); one still processing after `ms` stays, and turns ready or failed by itself.
   */
  async awaitRead(id: string, ms: number): Promise<void> {
    await this.waitWhileProcessing(id, ms);
    const state = await this.deps.repo.statusOf(id);
    if (state?.status !== 'failed') return;
    await this.deps.repo.delete(id);
    const code = state.failure_code;
    throw new ExtractionError(
      code && isExtractionCode(code) ? code : 'VALIDATION_ERROR',
      state.status_reason ?? EXTRACTION_MESSAGES.noText,
    );
  }

  /** Waits until the item leaves `processing` (here or in another instance) or `ms` pass. */
  private async waitWhileProcessing(id: string, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      const state = await this.deps.repo.statusOf(id);
      const left = deadline - Date.now();
      if (state?.status !== 'processing' || left <= 0) return;
      // this instance's job announces itself; another instance's is seen by looking again
      await this.deps.processor.settledOrAfter(id, Math.min(left, 1000));
    }
  }

  /** `alsoInTransaction` commits with the item (e.g. closing the questions it answers). */
  async createText(
    teacherId: string,
    input: TextInput,
    alsoInTransaction?: AlsoInTransaction,
  ): Promise<ContentItem> {
    await this.deps.classes.requireOwned(teacherId, input.classId);
    return this.store(teacherId, input, alsoInTransaction);
  }

  /**
   * A document already read (the trial's upload) stored as `classId`'s syllabus with its chunks;
   * `alsoInTransaction` commits with it. No owner check: the caller's own class, not a teacher's.
   */
  async storeReadDocument(
    classId: string,
    document: {
      title: string;
      text: string;
      fileName: string;
      fileType: string;
      fileSize: number;
      wordCount: number;
      chunks: ChunkValues[];
    },
    alsoInTransaction?: AlsoInTransaction,
  ): Promise<string> {
    return this.deps.repo.insertWithChunks(
      classId,
      {
        title: document.title,
        content: document.text,
        content_type: 'syllabus',
        file_name: document.fileName,
        file_type: document.fileType,
        file_size: document.fileSize,
        word_count: document.wordCount,
      },
      document.chunks,
      alsoInTransaction,
    );
  }

  async get(teacherId: string, id: string): Promise<ContentItem> {
    const row = await this.deps.repo.find(teacherId, id);
    if (!row) throw notFound('Content');
    return toItem(row);
  }

  async getSyllabus(teacherId: string, classId: string): Promise<ContentItem> {
    await this.deps.classes.requireOwned(teacherId, classId);
    const row = await this.deps.repo.findSyllabus(teacherId, classId);
    if (!row) throw notFound('Syllabus');
    return toItem(row);
  }

  async list(teacherId: string, classId: string): Promise<ContentItem[]> {
    await this.deps.classes.requireOwned(teacherId, classId);
    return (await this.deps.repo.listForClass(teacherId, classId)).map(toItem);
  }

  async update(
    teacherId: string,
    id: string,
    patch: { title?: string; content?: string; content_type?: ContentType; display_order?: number },
  ): Promise<ContentItem> {
    const row = await this.deps.repo.find(teacherId, id);
    if (!row) throw notFound('Content');
    if (row.status !== 'ready') throw notReady(row.status);
    // typed text is chunked in the extraction pool too: too much of it is a 413 like a file
    const chunks =
      patch.content !== undefined ? await this.deps.extractor.chunk(patch.content) : null;
    await this.deps.repo.update(
      id,
      row.class_id,
      {
        ...patch,
        ...(patch.content !== undefined ? { word_count: countWords(patch.content) } : {}),
      },
      chunks,
    );
    return this.get(teacherId, id);
  }

  async updateSyllabus(
    teacherId: string,
    classId: string,
    patch: { title?: string; content?: string },
  ): Promise<ContentItem> {
    const syllabus = await this.getSyllabus(teacherId, classId);
    return this.update(teacherId, syllabus.id, patch);
  }

  async delete(teacherId: string, id: string): Promise<void> {
    const row = await this.deps.repo.find(teacherId, id);
    if (!row) throw notFound('Content');
    await this.deps.repo.delete(id);
  }

  async stats(teacherId: string, classId: string) {
    await this.deps.classes.requireOwned(teacherId, classId);
    const { rows, chunkCount } = await this.deps.repo.stats(classId);
    return {
      total_items: rows.reduce((n, r) => n + Number(r.n), 0),
      total_words: rows.reduce((n, r) => n + Number(r.words ?? 0), 0),
      has_syllabus: rows.some((r) => r.content_type === 'syllabus'),
      by_type: Object.fromEntries(rows.map((r) => [r.content_type, Number(r.n)])),
      chunk_count: chunkCount,
    };
  }

  private async store(
    teacherId: string,
    input: TextInput,
    alsoInTransaction?: AlsoInTransaction,
  ): Promise<ContentItem> {
    const text = input.content.trim();
    if (!text) throw invalidInput('The content is empty.');
    // read back in the same transaction: a concurrent syllabus may replace it right after
    let stored: Awaited<ReturnType<ContentRepository['find']>>;
    await this.deps.repo.insertWithChunks(
      input.classId,
      {
        title: input.title.trim().slice(0, 255),
        content: text,
        content_type: input.contentType,
        display_order: input.displayOrder,
        file_name: input.fileName ?? null,
        file_type: input.fileType ?? null,
        file_size: input.fileSize ?? null,
        word_count: countWords(text),
      },
      await this.deps.extractor.chunk(text),
      async (trx, id) => {
        await alsoInTransaction?.(trx, id);
        stored = await this.deps.repo.find(teacherId, id, trx);
      },
    );
    if (!stored) throw notFound('Content');
    return toItem(stored);
  }
}
