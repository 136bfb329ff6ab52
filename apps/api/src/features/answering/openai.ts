import type { FastifyBaseLogger } from 'fastify';
import OpenAI from 'openai';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { retrieve, searchTerms, type Passage } from '../retrieval/retrieval.ts';
import { ExtractiveAnswerer, type Answer, type Answerer, type Citation } from './answerer.ts';
import { MAX_ANSWER_CHARS, NOT_COVERED } from './extractive.ts';
import { NOT_IN_MATERIAL, parseCitations, systemPrompt } from './prompt.ts';

/** How many passages go to the model: enough context, few tokens. */
const PASSAGES = 6;
const EXCERPT_CHARS = 300;
const DAY_MS = 86_400_000;

export type OpenAiSettings = NonNullable<Config['openai']>;

type Deps = {
  db: Db;
  settings: OpenAiSettings;
  /** used on any error, after the timeout, over the budget, and when nothing is retrieved */
  fallback: Answerer;
  log: FastifyBaseLogger;
  now?: () => Date;
};

/** Cuts at a sentence end (or a word) before the limit. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = cut.lastIndexOf('. ');
  return end > max / 2 ? cut.slice(0, end + 1) : `${cut.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function citationOf(p: Passage): Citation {
  return {
    content_id: p.contentId,
    title: p.title,
    content_type: p.contentType,
    excerpt: clip(p.body.replace(/\s+/g, ' ').trim(), EXCERPT_CHARS),
  };
}

/** The student-facing answer from the model's reply over these passages (numbered from 1). */
export function answerFromReply(reply: string, passages: Passage[], tokensUsed: number): Answer {
  const { text, cited } = parseCitations(reply);
  if (!text || text.includes(NOT_IN_MATERIAL))
    return { response: NOT_COVERED, sourceType: 'other', citations: [], tokensUsed };
  const citedPassages = cited.map((n) => passages[n - 1]).filter((p) => p !== undefined);
  // a grounded answer always names a source: without markers, the best-ranked passage
  const sources = citedPassages.length ? citedPassages : [passages[0]!];
  const unique = [...new Map(sources.map((p) => [p.contentId, p])).values()];
  return {
    response: clip(text, MAX_ANSWER_CHARS),
    sourceType: sources[0]!.contentType === 'syllabus' ? 'syllabus' : 'content',
    citations: unique.map(citationOf),
    tokensUsed,
  };
}

/**
 * Answers through an OpenAI-compatible chat completions API, grounded on the class's retrieved
 * passages. Falls back to the extractive answer on any error, after the timeout, and once the
 * class has used its daily token budget.
 */
export class OpenAiAnswerer implements Answerer {
  private readonly client: OpenAI;
  private readonly now: () => Date;

  constructor(private readonly deps: Deps) {
    const { settings } = deps;
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      baseURL: settings.baseUrl,
      timeout: settings.timeoutMs,
      maxRetries: 0,
    });
    this.now = deps.now ?? (() => new Date());
  }

  async answer(classId: string, question: string): Promise<Answer> {
    const { db, settings, fallback, log } = this.deps;
    const terms = await searchTerms(db, classId, question);
    const passages = await retrieve(db, classId, terms, PASSAGES);
    if (passages.length === 0) return fallback.answer(classId, question);
    const used = await this.tokensUsedToday(classId);
    if (used >= settings.dailyTokenBudgetPerClass) {
      log.info({ classId, used }, 'daily LLM token budget reached; answering extractively');
      return fallback.answer(classId, question);
    }

    let billed = 0;
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: settings.model,
          temperature: 0,
          messages: [
            { role: 'system', content: systemPrompt(passages) },
            { role: 'user', content: question },
          ],
        },
        // the client's timeout stops at the response headers; this also bounds reading the body
        { signal: AbortSignal.timeout(settings.timeoutMs) },
      );
      billed = completion.usage?.total_tokens ?? 0;
      const reply = completion.choices[0]?.message.content; // a malformed reply throws here
      if (typeof reply !== 'string') throw new Error('the reply holds no message text');
      return answerFromReply(reply, passages, billed);
    } catch (err) {
      log.warn(
        { classId, err: err instanceof Error ? err.message : String(err) },
        'LLM answer failed; answering extractively',
      );
      // tokens a malformed reply was billed for still count against the class's budget
      return { ...(await fallback.answer(classId, question)), tokensUsed: billed };
    }
  }

  /** Tokens this class's conversations used in the current UTC day (by the injected clock). */
  private async tokensUsedToday(classId: string): Promise<number> {
    const now = this.now().getTime();
    const start = new Date(now - (now % DAY_MS));
    const row = await this.deps.db
      .selectFrom('conversations')
      .select((eb) => eb.fn.sum<string | number | null>('tokens_used').as('total'))
      .where('class_id', '=', classId)
      .where('created_at', '>=', start)
      .where('created_at', '<', new Date(start.getTime() + DAY_MS))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }
}

/** The answerer LLM_PROVIDER names: extractive, or openai with the extractive one as fallback. */
export function configuredAnswerer(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  now?: () => Date,
): Answerer {
  const extractive = new ExtractiveAnswerer(db);
  if (!config.openai) return extractive;
  const { baseUrl, model } = config.openai;
  log.info({ baseUrl, model }, 'answers: OpenAI-compatible chat API, extractive fallback');
  return new OpenAiAnswerer({ db, settings: config.openai, fallback: extractive, log, now });
}
