import { randomUUID } from 'node:crypto';
import {
  type AnswerRating,
  excerptBlocks,
  excerptText,
  TRIAL_FILE_EXTENSIONS,
  TRIAL_FILE_MAX_BYTES,
  TRIAL_MESSAGES,
  TRIAL_QUESTION_LIMIT,
  TRIAL_SESSION_HOURS,
  type TrialChatReply,
  type TrialDocument,
  type TrialSession,
} from '@app/contracts';
import { AppError, conflict, invalidInput } from '../../errors.ts';
import { confidenceOfReply, type Answerer, type OnAnswerText } from '../answering/answerer.ts';
import type { ContentService } from '../content/content.service.ts';
import { ExtractionError, type Extractor } from '../extraction/index.ts';
import { extensionOf } from '../extraction/detect.ts';
import { tooManyRequests, type Limit, type RateLimiter } from '../ratelimit/rate-limiter.ts';
import type { TrialRepository } from './trial.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
/**
 * An excerpt of the visitor's document names it as theirs: it is stored as the trial class's
 * syllabus, but it may be any document.
 */
function ofTheDocument(excerpt: string): string {
  return excerptText(
    excerptBlocks(excerpt).map((block) => ({
      ...block,
      lead: block.lead.replace(/\bthe syllabus says\b/, 'your document says'),
    })),
  );
}

const ALLOWED = new Set<string>(TRIAL_FILE_EXTENSIONS);

const sessionGone = () => new AppError('NOT_FOUND', TRIAL_MESSAGES.serverSessionMissing);
/** SPEC §5 trial upload: the trial's own words for a type it does not take */
const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', TRIAL_MESSAGES.fileType);

type SessionRow = NonNullable<Awaited<ReturnType<TrialRepository['findLive']>>>;

function toSession(row: SessionRow): TrialSession {
  return {
    session_id: row.id,
    expires_at: row.expires_at.toISOString(),
    questions_used: row.questions_used,
    questions_left: Math.max(0, TRIAL_QUESTION_LIMIT - row.questions_used),
    document:
      row.file_name === null
        ? null
        : {
            file_name: row.file_name,
            file_size: row.file_size ?? 0,
            word_count: row.word_count ?? 0,
          },
  };
}

/**
 * The no-signup trial: one document and ten questions per session, answered by the same engine
 * as a class, over that document only. Sessions last 24 hours; then they and their document are
 * deleted.
 */
type TrialServiceDeps = {
  repo: TrialRepository;
  /** stores the session's document as its hidden class's material */
  content: Pick<ContentService, 'storeReadDocument'>;
  limiter: RateLimiter;
  answerer: Answerer;
  extractor: Extractor;
  /** sessions one address may start per day (TRIAL_SESSIONS_PER_DAY) */
  sessionsPerDay: number;
  now?: () => Date;
};

export class TrialService {
  private readonly sessionsPerAddress: Limit;
  private readonly now: () => Date;

  constructor(private readonly deps: TrialServiceDeps) {
    this.sessionsPerAddress = { max: deps.sessionsPerDay, windowSeconds: 24 * 60 * 60 };
    this.now = deps.now ?? (() => new Date());
  }

  async start(address: string): Promise<TrialSession> {
    const wait = await this.deps.limiter.hit(`trial:addr:${address}`, this.sessionsPerAddress);
    if (wait) throw tooManyRequests(wait, TRIAL_MESSAGES.serverTooManySessions);
    const expiresAt = new Date(this.now().getTime() + TRIAL_SESSION_HOURS * HOUR_MS);
    return toSession(await this.deps.repo.create(expiresAt));
  }

  async get(id: string): Promise<TrialSession> {
    const row = await this.deps.repo.findLive(id, this.now());
    if (!row) throw sessionGone();
    return toSession(row);
  }

  async delete(id: string): Promise<void> {
    const deleted = await this.deps.repo.delete({ id });
    if (deleted === 0) throw sessionGone();
  }

  /**
   * Extracts the file first (nothing is stored if it is refused), then makes it the session's
   * document: a second upload replaces the first in the same transaction. The questions already
   * asked stay counted.
   */
  async upload(
    sessionId: string,
    file: { fileName: string; data: Buffer },
  ): Promise<TrialDocument> {
    if (!(await this.deps.repo.findLive(sessionId, this.now()))) throw sessionGone();
    if (!ALLOWED.has(extensionOf(file.fileName))) throw unsupported();
    // other refusals of the file reach the error handler as they are
    const extracted = await this.deps.extractor
      .extract({ data: file.data, fileName: file.fileName })
      .catch((err: unknown) => {
        const wrongType = err instanceof ExtractionError && err.code === 'UNSUPPORTED_MEDIA_TYPE';
        throw wrongType ? unsupported() : err;
      });
    // the content decides, not the name: a renamed spreadsheet is still refused
    if (!ALLOWED.has(extracted.kind)) throw unsupported();
    const text = extracted.text.trim();
    if (!text) throw invalidInput('No text could be read from this file.');

    const classId = await this.deps.repo.classFor(sessionId, this.now());
    if (!classId) throw sessionGone();
    const fileName = file.fileName.split(/[\\/]/).pop()!.slice(0, 255);
    const document = {
      file_name: fileName,
      file_size: file.data.length,
      word_count: extracted.wordCount,
    };
    await this.deps.content.storeReadDocument(
      classId,
      {
        title: fileName.replace(/\.[^.]+$/, '') || 'Trial document',
        text,
        fileName,
        fileType: extracted.mimeType,
        fileSize: file.data.length,
        wordCount: extracted.wordCount,
        chunks: extracted.chunks,
      },
      (trx) => this.deps.repo.setDocument(sessionId, document, trx),
    );
    return document;
  }

  /** One question on the session's document; the eleventh is refused with 429. */
  async ask(sessionId: string, question: string, onText?: OnAnswerText): Promise<TrialChatReply> {
    const session = await this.deps.repo.findLive(sessionId, this.now());
    if (!session) throw sessionGone();
    if (!session.class_id || session.file_name === null) {
      throw conflict(TRIAL_MESSAGES.serverNoDocument);
    }
    const taken = await this.deps.repo.takeQuestion(sessionId, TRIAL_QUESTION_LIMIT, this.now());
    if (!taken) {
      // the limit lasts as long as the session does
      const seconds = Math.ceil((session.expires_at.getTime() - this.now().getTime()) / 1000);
      throw tooManyRequests(Math.max(1, seconds), TRIAL_MESSAGES.serverLimit);
    }
    try {
      const answer = await this.deps.answerer.answer(session.class_id, question, onText);
      return {
        id: randomUUID(),
        // the class answer points to Contact Teacher; a trial has no teacher
        response:
          answer.kind === 'none'
            ? TRIAL_MESSAGES.notInDocument
            : answer.kind === 'excerpt'
              ? ofTheDocument(answer.response)
              : answer.response,
        kind: answer.kind,
        source_type: answer.sourceType,
        citations: answer.kind === 'none' ? [] : answer.citations,
        confidence: confidenceOfReply(answer),
        questions_left: TRIAL_QUESTION_LIMIT - taken.questions_used,
      };
    } catch (err) {
      await this.deps.repo.returnQuestion(sessionId);
      throw err;
    }
  }

  /** The visitor's rating of one of the session's answers (null takes it back). */
  async rate(sessionId: string, replyId: string, rating: AnswerRating | null) {
    if (!(await this.deps.repo.findLive(sessionId, this.now()))) throw sessionGone();
    // a session holds a rating per question it asked, no more
    if (!(await this.deps.repo.setFeedback(sessionId, replyId, rating, this.now())))
      throw conflict('Only the answers of this session can be rated.');
    return { id: replyId, rating };
  }

  /** Deletes sessions past their 24 hours, with their documents. */
  deleteExpired(): Promise<number> {
    return this.deps.repo.delete({ expiredBy: this.now() });
  }

  health() {
    return {
      status: 'ok' as const,
      questions_per_session: TRIAL_QUESTION_LIMIT,
      max_file_bytes: TRIAL_FILE_MAX_BYTES,
      file_types: [...TRIAL_FILE_EXTENSIONS],
      session_hours: TRIAL_SESSION_HOURS,
    };
  }
}
