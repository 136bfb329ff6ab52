import { clip } from './clip.ts';
import type { FastifyBaseLogger } from 'fastify';
import OpenAI from 'openai';
import type { Config } from '../../config.ts';
import { plantedInstructions } from '../content/planted-instructions.ts';
import type { Passage, RetrievalService } from '../retrieval/retrieval.service.ts';
import type { AnsweringRepository } from './answering.repository.ts';
import {
  ExtractiveAnswerer,
  type Answer,
  type Answerer,
  type Citation,
  type MaterialSources,
  type OnAnswerText,
} from './answerer.ts';
import { MAX_ANSWER_CHARS, NOT_COVERED } from './extractive.ts';
import { factsForQuestion } from './fact-answers.ts';
import { parseQuestion, type Question } from './question.ts';
import { checkGrounding } from './grounding.ts';
import {
  buildPrompt,
  CANDIDATES,
  draftOfReply,
  NEIGHBOUR_REACH,
  NOT_IN_MATERIAL,
  OPENING_CHUNKS,
  parseCitations,
  sentMaterial,
  UNMATCHED_CHUNKS,
  type ContextChunk,
  type Fact,
  type Prompt,
} from './prompt.ts';

const EXCERPT_CHARS = 300;
/** With nothing retrieved: the chunks of this many of the question's most relevant facts. */
const FACT_CHUNKS = 3;
const DAY_MS = 86_400_000;

type OpenAiSettings = NonNullable<Config['openai']>;

/** The class's fact sheet for a question, most relevant first: shown to the model before the passages. */
type FactSource = (classId: string, question: Question) => Promise<Fact[]>;

type Deps = {
  retrieval: RetrievalService;
  /** what the class's answers have cost today (its daily token budget) */
  usage: AnsweringRepository;
  settings: OpenAiSettings;
  /** the course fact sheet; without it the model sees passages only */
  facts?: FactSource;
  /** used on any error, after the timeout, over the budget, and when nothing is retrieved */
  fallback: Answerer;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** what day it is for the class and its term, one line for the prompt (dates feature) */
  today?: (classId: string) => Promise<string>;
};

function citationOf(p: Passage): Citation {
  return {
    content_id: p.contentId,
    title: p.title,
    content_type: p.contentType,
    excerpt: clip(p.body.replace(/\s+/g, ' ').trim(), EXCERPT_CHARS),
  };
}

/** The retrieved passage with the best rank (neighbours have rank 0), or the first one. */
function bestRanked(passages: Passage[]): Passage {
  return passages.reduce((best, p) => (p.rank > best.rank ? p : best), passages[0]!);
}

/** A prompt, and the sentences of the class's material that were kept out of it as planted instructions. */
type GroundedPrompt = Prompt & { planted: string[] };

/**
 * The student-facing answer from the model's reply to `prompt` (passages numbered from 1), or
 * why the reply may not be shown: it failed the grounding check (grounding.ts).
 */
function answerFromReply(
  reply: string,
  prompt: GroundedPrompt,
  tokensUsed: number,
): { answer: Answer } | { ungrounded: string[] } {
  const { passages } = prompt;
  const { text, cited } = parseCitations(reply);
  if (!text || text.includes(NOT_IN_MATERIAL))
    return {
      answer: {
        response: NOT_COVERED,
        kind: 'none',
        sourceType: 'other',
        citations: [],
        tokensUsed,
      },
    };
  const grounding = checkGrounding({
    text,
    cited,
    passageCount: passages.length,
    context: sentMaterial(prompt),
    planted: prompt.planted,
  });
  if (!grounding.grounded) return { ungrounded: grounding.reasons };
  const citedPassages = cited.map((n) => passages[n - 1]).filter((p) => p !== undefined);
  // a grounded answer always names a source: without markers, the best-ranked passage
  const sources = citedPassages.length ? citedPassages : [bestRanked(passages)];
  const unique = [...new Map(sources.map((p) => [p.contentId, p])).values()];
  return {
    answer: {
      response: clip(text, MAX_ANSWER_CHARS),
      kind: 'answer',
      sourceType: sources[0]!.contentType === 'syllabus' ? 'syllabus' : 'content',
      citations: unique.map(citationOf),
      tokensUsed,
    },
  };
}

/**
 * Answers through an OpenAI-compatible chat completions API, grounded on the class's retrieved
 * passages; a reply is shown only once it passes the grounding check. Falls back to the
 * extractive answer when it does not, on any error, after the timeout, and once the class has
 * used its daily token budget.
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

  async answer(classId: string, question: string, onText?: OnAnswerText): Promise<Answer> {
    const { settings, fallback, log } = this.deps;
    const prompt = await this.prompt(classId, question);
    // no material to send (a class without a syllabus, nothing matching): the extractive reply
    if (!prompt?.passages.length) return fallback.answer(classId, question);
    const { system } = prompt;
    const used = await this.tokensUsedToday(classId);
    if (used >= settings.dailyTokenBudgetPerClass) {
      log.info({ classId, used }, 'daily LLM token budget reached; answering extractively');
      return fallback.answer(classId, question);
    }

    let billed = 0;
    let reply: string;
    const messages = [
      { role: 'system' as const, content: system },
      { role: 'user' as const, content: question },
    ];
    // the client's timeout stops at the response headers; this also bounds reading the body
    const bounded = { signal: AbortSignal.timeout(settings.timeoutMs) };
    try {
      if (onText) {
        const streamed = await this.streamReply(messages, bounded, onText);
        billed = streamed.tokens;
        reply = streamed.reply;
      } else {
        const completion = await this.client.chat.completions.create(
          { model: settings.model, temperature: 0, messages },
          bounded,
        );
        billed = completion.usage?.total_tokens ?? 0;
        const content = completion.choices[0]?.message.content; // a malformed reply throws here
        if (typeof content !== 'string') throw new Error('the reply holds no message text');
        reply = content;
      }
    } catch (err) {
      log.warn(
        { classId, err: err instanceof Error ? err.message : String(err) },
        'LLM answer failed; answering extractively',
      );
      // tokens a malformed reply was billed for still count against the class's budget
      return { ...(await fallback.answer(classId, question)), tokensUsed: billed };
    }
    const read = answerFromReply(reply, prompt, billed);
    if ('answer' in read) return read.answer;
    // never shown, streamed or not: the draft a student saw is replaced by the extractive reply
    log.warn(
      { classId, question, reasons: read.ungrounded },
      'LLM reply failed the grounding check; answering extractively',
    );
    return { ...(await fallback.answer(classId, question)), tokensUsed: billed };
  }

  /**
   * The reply, streamed: each new piece of its draft (draftOfReply) goes to `onText` as it comes.
   * The tokens are those the API reports at the end (stream_options.include_usage).
   */
  private async streamReply(
    messages: { role: 'system' | 'user'; content: string }[],
    options: { signal: AbortSignal },
    onText: OnAnswerText,
  ): Promise<{ reply: string; tokens: number }> {
    const stream = await this.client.chat.completions.create(
      {
        model: this.deps.settings.model,
        temperature: 0,
        messages,
        stream: true,
        stream_options: { include_usage: true },
      },
      options,
    );
    let reply = '';
    let shown = '';
    let tokens = 0;
    for await (const chunk of stream) {
      if (chunk.usage) tokens = chunk.usage.total_tokens;
      const piece = chunk.choices[0]?.delta?.content;
      if (!piece) continue;
      reply += piece;
      const draft = draftOfReply(reply).slice(0, MAX_ANSWER_CHARS);
      // a draft that does not extend what was shown waits for the finished reply to replace it
      if (draft.length > shown.length && draft.startsWith(shown)) {
        onText(draft.slice(shown.length));
        shown = draft;
      }
    }
    if (!reply) throw new Error('the streamed reply holds no text');
    return { reply, tokens };
  }

  /**
   * The best passages with their neighbours, the syllabus opening and the fact sheet, within
   * LLM_CONTEXT_CHARS, without the chunks that address an AI model (and their facts); null when
   * nothing in the material matches the question.
   */
  private async prompt(classId: string, question: string): Promise<GroundedPrompt | null> {
    const { retrieval, settings, facts } = this.deps;
    const classNames = await retrieval.classNameWords(classId);
    const asked = parseQuestion(question, classNames);
    const terms = await retrieval.searchTerms(classId, asked, classNames);
    const [found, sheet, addressingAi, today] = await Promise.all([
      retrieval.retrieve(classId, terms, CANDIDATES),
      facts ? facts(classId, asked) : [],
      retrieval.chunksAddressingAi(classId),
      this.deps.today?.(classId),
    ]);
    // no passage shares a word with the question ("which classroom is it in"): the chunks the
    // most relevant facts were read from stand in for retrieved ones
    const retrieved = found.length ? found : await this.chunksOfFacts(classId, sheet);
    const ids = retrieved.map((p) => p.chunkId);
    // nothing matched at all: the model reads the syllabus itself, as much as the prompt holds
    const [neighbours, opening] = await Promise.all([
      ids.length ? retrieval.chunksAround(classId, ids, NEIGHBOUR_REACH) : [],
      retrieval.syllabusOpening(classId, ids.length ? OPENING_CHUNKS : UNMATCHED_CHUNKS),
    ]);
    if (ids.length === 0 && opening.length === 0) return null;
    const positions = new Map(neighbours.map((c) => [c.chunkId, c.position]));
    const hits: ContextChunk[] = retrieved.map((p) => ({
      ...p,
      position: positions.get(p.chunkId) ?? 0,
    }));
    const prompt = buildPrompt({
      hits,
      neighbours,
      opening,
      facts: sheet,
      budgetChars: settings.contextChars,
      excluded: new Set(addressingAi.map((c) => c.chunkId)),
      today,
    });
    // one text, so that a sentence the chunker split between two chunks is whole again
    const kept = addressingAi.map((c) => (c.heading ? `${c.heading}\n${c.body}` : c.body));
    return { ...prompt, planted: plantedInstructions(kept.join('\n')) };
  }

  private async chunksOfFacts(classId: string, sheet: Fact[]): Promise<Passage[]> {
    const ids = [
      ...new Set(sheet.slice(0, FACT_CHUNKS).flatMap((f) => (f.chunkId ? [f.chunkId] : []))),
    ];
    const chunks = await this.deps.retrieval.chunksAround(classId, ids, 0);
    return chunks.map((c) => ({ ...c, rank: 0 }));
  }

  /** Tokens this class's conversations used in the current UTC day (by the injected clock). */
  private async tokensUsedToday(classId: string): Promise<number> {
    const now = this.now().getTime();
    const start = new Date(now - (now % DAY_MS));
    return this.deps.usage.tokensUsed(classId, start, new Date(start.getTime() + DAY_MS));
  }
}

/** The facts of the class's sheet worth showing the model with a question. */
function courseFacts({ facts }: Pick<MaterialSources, 'facts'>): FactSource {
  return async (classId, question) => {
    const sheet = await facts.sheet(classId);
    return factsForQuestion(question, sheet).map((f) => ({
      kind: f.kind,
      subject: f.subject,
      attribute: f.attribute,
      value: f.value,
      source: f.contentTitle ?? 'the teacher',
      chunkId: f.chunkId,
    }));
  };
}

/**
 * The answerer LLM_PROVIDER names: extractive, or openai (shown the course fact sheet) with the
 * extractive one as fallback.
 */
export function configuredAnswerer(
  deps: MaterialSources & {
    usage: AnsweringRepository;
    config: Config;
    log: FastifyBaseLogger;
    now?: () => Date;
    /** what day it is for a class and its term, one line for the model's prompt */
    today?: (classId: string) => Promise<string>;
  },
): Answerer {
  const { retrieval, facts, usage, config, log, now, today } = deps;
  const extractive = new ExtractiveAnswerer({
    retrieval,
    facts,
    minConfidence: config.answerMinConfidence,
  });
  if (!config.openai) return extractive;
  const { baseUrl, model } = config.openai;
  log.info({ baseUrl, model }, 'answers: OpenAI-compatible chat API, extractive fallback');
  return new OpenAiAnswerer({
    retrieval,
    usage,
    settings: config.openai,
    fallback: extractive,
    log,
    now,
    today,
    facts: courseFacts({ facts }),
  });
}
