import type { ContentItem, ContentType } from '@app/contracts';
import { AppError, notFound } from '../../errors.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import { chunkText, countWords, ExtractionError, type Extractor } from '../extraction/index.ts';
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

export class ContentService {
  constructor(
    private readonly repo: ContentRepository,
    private readonly classes: ClassesService,
    private readonly extractor: Extractor,
  ) {}

  /** Extracts an uploaded file and stores its text and chunks; nothing is stored if it fails. */
  async upload(
    teacherId: string,
    input: {
      classId: string;
      contentType: ContentType;
      title: string | undefined;
      fileName: string;
      data: Buffer;
    },
  ): Promise<ContentItem> {
    await this.classes.requireOwned(teacherId, input.classId);
    let extracted;
    try {
      extracted = await this.extractor.extract({ data: input.data, fileName: input.fileName });
    } catch (err) {
      if (err instanceof ExtractionError) throw new AppError(err.status, err.code, err.message);
      throw err;
    }
    const title = input.title?.trim() || input.fileName.replace(/\.[^.]+$/, '') || 'Untitled';
    return this.store(teacherId, {
      classId: input.classId,
      title,
      content: extracted.text,
      contentType: input.contentType,
      fileName: input.fileName.slice(0, 255),
      fileType: extracted.mimeType,
      fileSize: input.data.length,
    });
  }

  /** `alsoInTransaction` commits with the item (e.g. closing the questions it answers). */
  async createText(
    teacherId: string,
    input: TextInput,
    alsoInTransaction?: AlsoInTransaction,
  ): Promise<ContentItem> {
    await this.classes.requireOwned(teacherId, input.classId);
    return this.store(teacherId, input, alsoInTransaction);
  }

  async get(teacherId: string, id: string): Promise<ContentItem> {
    const row = await this.repo.find(teacherId, id);
    if (!row) throw notFound('Content');
    return toItem(row);
  }

  async getSyllabus(teacherId: string, classId: string): Promise<ContentItem> {
    await this.classes.requireOwned(teacherId, classId);
    const row = await this.repo.findSyllabus(teacherId, classId);
    if (!row) throw notFound('Syllabus');
    return toItem(row);
  }

  async list(teacherId: string, classId: string): Promise<ContentItem[]> {
    await this.classes.requireOwned(teacherId, classId);
    return (await this.repo.listForClass(teacherId, classId)).map(toItem);
  }

  async update(
    teacherId: string,
    id: string,
    patch: { title?: string; content?: string; content_type?: ContentType; display_order?: number },
  ): Promise<ContentItem> {
    const row = await this.repo.find(teacherId, id);
    if (!row) throw notFound('Content');
    const chunks = patch.content !== undefined ? chunkText(patch.content) : null;
    await this.repo.update(
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
    const row = await this.repo.find(teacherId, id);
    if (!row) throw notFound('Content');
    await this.repo.delete(id);
  }

  async stats(teacherId: string, classId: string) {
    await this.classes.requireOwned(teacherId, classId);
    const { rows, chunkCount } = await this.repo.stats(classId);
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
    if (!text) throw new AppError(422, 'VALIDATION_ERROR', 'The content is empty.');
    // read back in the same transaction: a concurrent syllabus may replace it right after
    let stored: Awaited<ReturnType<ContentRepository['find']>>;
    await this.repo.insertWithChunks(
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
      chunkText(text),
      async (trx, id) => {
        await alsoInTransaction?.(trx, id);
        stored = await this.repo.find(teacherId, id, trx);
      },
    );
    if (!stored) throw notFound('Content');
    return toItem(stored);
  }
}
