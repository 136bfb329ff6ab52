import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { ExtractionError, type Extractor } from '../extraction/index.ts';
import type { Job, JobDefinition, JobQueue } from '../jobs/job-queue.ts';
import type { ContentRepository } from './content.repository.ts';

type ProcessContentJob = { contentId: string };

/** A read that keeps failing for reasons outside the file (the database, a crash) ends here. */
const PROCESSING_GAVE_UP =
  'This file could not be processed because of a server problem. Please upload it again.';

export const CONTENT_JOB: JobDefinition = {
  name: 'content-process',
  retryLimit: 2,
  retryDelaySeconds: 5,
  // well past the extraction time limit (60 s) and the wait for a free worker thread
  expireInSeconds: 5 * 60,
  deadLetter: 'content-process-dead',
};

/**
 * Reads uploaded files in the background: a job per item extracts the stored bytes (in the
 * extraction worker pool, which also chunks), then stores the text, chunks and facts and makes
 * the item ready, or records why it failed. Announces each settled item so a request waiting on
 * it in this instance hears at once.
 */
export class ContentProcessor {
  private readonly settled = new EventEmitter();

  constructor(
    private readonly deps: {
      repo: ContentRepository;
      extractor: Extractor;
      jobs: JobQueue;
      log: FastifyBaseLogger;
      /** jobs this instance runs at once (JOB_CONCURRENCY); 0 leaves them to other instances */
      concurrency: number;
    },
  ) {
    this.settled.setMaxListeners(0);
  }

  async start(): Promise<void> {
    const { jobs, concurrency } = this.deps;
    if (concurrency === 0) return;
    await jobs.work<ProcessContentJob>(CONTENT_JOB.name, concurrency, (job) => this.process(job));
    await jobs.work<ProcessContentJob>(CONTENT_JOB.deadLetter!, 1, (job) => this.giveUp(job));
  }

  /** Resolves when `contentId` settles in this instance, or after `ms`. */
  settledOrAfter(contentId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.settled.off(contentId, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.settled.once(contentId, done);
    });
  }

  async process(job: Job<ProcessContentJob>): Promise<void> {
    const { repo, extractor, log } = this.deps;
    const { contentId } = job.data;
    const item = await repo.findProcessing(contentId);
    if (!item) return; // deleted, or replaced by a newer syllabus, while it waited
    try {
      if (!item.data) throw new ExtractionError('VALIDATION_ERROR', PROCESSING_GAVE_UP);
      const extracted = await extractor.extract({
        data: item.data,
        fileName: item.file_name ?? 'upload',
      });
      const text = extracted.text.trim();
      await repo.markReady(
        contentId,
        { content: text, word_count: extracted.wordCount, file_type: extracted.mimeType },
        extracted.chunks,
      );
      log.info({ contentId, words: extracted.wordCount }, 'upload read');
    } catch (err) {
      if (!(err instanceof ExtractionError)) throw err; // retried by the queue
      await repo.markFailed(contentId, { code: err.code, reason: err.message });
      log.info({ contentId, reason: err.message }, 'upload refused');
    } finally {
      this.settled.emit(contentId);
    }
  }

  private async giveUp(job: Job<ProcessContentJob>): Promise<void> {
    const { contentId } = job.data;
    await this.deps.repo.markFailed(contentId, {
      code: 'VALIDATION_ERROR',
      reason: PROCESSING_GAVE_UP,
    });
    this.deps.log.error({ contentId }, 'upload could not be processed after retries');
    this.settled.emit(contentId);
  }
}
