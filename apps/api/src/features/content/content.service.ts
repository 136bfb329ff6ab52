import type { ContentItem, ContentType } from '@app/contracts';
import { conflict, invalidInput, notFound } from '../../errors.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import { countWords, ExtractionError, type Extractor } from '../extraction/index.ts';
import { isExtractionCode, MESSAGES as EXTRACTION_MESSAGES } from '../extraction/errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { CONTENT_JOB, type ContentProcessor } from './content-processing.ts';
import type {
  AlsoInTransaction,
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
  /** how long an upload's request waits for its file to be read before answering `processing` */
  uploadWaitMs: number;
};

export class ContentService {
  constructor(private readonly deps: ContentServiceDeps) {}

  /** Refuses early (404) a class the teacher does not own, before a file is read. */
  async requireClass(teacherId: string, classId: string): Promise<void> {
    await this.deps.classes.requireOwned(teacherId, classId);
  }

  /** Streams a file into storage part by part; the caller attaches it (upload) or discards it. */
  async storeFile(chunks: AsyncIterable<Buffer>, fileName: string): Promise<StoredFile> {
    const uploadId = await this.deps.repo.createUpload();
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (!pendingBytes) return;
      await this.deps.repo.appendUploadPart(uploadId, seq++, Buffer.concat(pending));
      pending = [];
      pendingBytes = 0;
    };
    try {
      for await (const chunk of chunks) {
        size += chunk.length;
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= UPLOAD_PART_BYTES) await flush();
      }
      await flush();
    } catch (err) {
      await this.discardFile(uploadId);
      throw err;
    }
    return { uploadId, size, fileName };
  }

  async discardFile(uploadId: string): Promise<void> {
    await this.deps.repo.deleteUpload(uploadId);
  }

  /**
   * Makes a stored file an item of the class in `processing`, with the job that reads it, then
   * waits a few seconds for that job: a small file answers ready, as before; a large one answers
   * `processing` and the teacher sees it become ready. A file refused while the request waits is
   * answered with its 413/415/422 and leaves nothing behind; refused later, the item stays
   * `failed` with the reason.
   */
  async upload(
    teacherId: string,
    input: {
      classId: string;
      contentType: ContentType;
      title: string | undefined;
      file: StoredFile;
    },
    options: {
      /** how long to wait for the file to be read (default: the upload request's wait) */
      waitMs?: number;
      /** commits with the new item and its job (e.g. recording where the file came from) */
      alsoInTransaction?: AlsoInTransaction;
    } = {},
  ): Promise<ContentItem> {
    await this.deps.classes.requireOwned(teacherId, input.classId);
    const { file } = input;
    if (file.size === 0) throw invalidInput(EXTRACTION_MESSAGES.empty);
    const fileName = file.fileName.split(/[\\/]/).pop()!.slice(0, 255) || 'upload';
    const title = input.title?.trim() || fileName.replace(/\.[^.]+$/, '') || 'Untitled';
    const id = await this.deps.repo.insertProcessing(
      input.classId,
      {
        title: title.slice(0, 255),
        content_type: input.contentType,
        file_name: fileName,
        file_size: file.size,
      },
      file.uploadId,
      async (trx, contentId) => {
        await this.deps.jobs.send(CONTENT_JOB.name, { contentId }, trx);
        await options.alsoInTransaction?.(trx, contentId);
      },
    );
    this.deps.jobs.wake(CONTENT_JOB.name);
    await this.waitWhileProcessing(id, options.waitMs ?? this.deps.uploadWaitMs);
    const state = await this.deps.repo.statusOf(id);
    if (state?.status === 'failed') {
      await this.deps.repo.delete(id);
      // the job's refusal, as it would have been thrown here
      const code = state.failure_code;
      throw new ExtractionError(
        code && isExtractionCode(code) ? code : 'VALIDATION_ERROR',
        state.status_reason ?? EXTRACTION_MESSAGES.noText,
      );
    }
    const item = await this.get(teacherId, id);
    // the reply names the item; its text is for GET /content/{id}
    return { ...item, content: null };
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
