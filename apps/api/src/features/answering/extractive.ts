import type { Db } from '../../db/index.ts';
import { lexemesOfTexts, retrieve, searchTerms, type Passage } from '../retrieval/retrieval.ts';

export const MAX_ANSWER_CHARS = 700;
export const NOT_COVERED =
  "I couldn't find this in the course material for this class. You can use Contact Teacher to ask your teacher directly.";

export type Citation = { content_id: string; title: string; content_type: string; excerpt: string };
export type Answer = {
  response: string;
  sourceType: 'syllabus' | 'content' | 'other';
  citations: Citation[];
  tokensUsed: number;
};

/** The kind of thing a question asks for, and how to spot it in a sentence. */
const ASKS_FOR: { question: RegExp; evidence: RegExp; required: boolean }[] = [
  {
    question: /\b(when|what time|what day|date|deadline|due|schedule)\b/i,
    evidence:
      /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\b\d{1,2}[/.-]\d{1,2}\b|\b\d{1,2}(:\d{2})?\s*(am|pm|a\.m\.|p\.m\.)|\bweek\s+\d+|\bnoon\b|\bmidnight\b/i,
    required: true,
  },
  {
    question:
      /\b(how much|how many|what percent|percentage|worth|weigh|count|points?|score|grade)\b/i,
    evidence: /\d+(\.\d+)?\s*(%|percent\b|points?\b|pts\b)|\b\d+\s*\/\s*\d+\b/i,
    required: false,
  },
  {
    question: /\b(who|email|e-mail|contact|reach|instructor|professor|prof|teacher|ta)\b/i,
    evidence:
      /[\w.+-]+@[\w-]+(\.[\w-]+)+|\b(dr|prof|professor|instructor)\.?\s+[A-Z]|\b[A-Z][a-z]+\s+[A-Z][a-z]+\b|\bx\d{3,5}\b|\(\d{3}\)|\b\d{3}-\d{4}\b/,
    required: true,
  },
  {
    question: /\b(where|room|location|building|link|zoom|website|url)\b/i,
    evidence:
      /\b(room|hall|building|bldg|online|zoom|canvas|library|moodle|gradescope|piazza|website)\b|https?:\/\/|\b[A-Z][A-Za-z]+\s+\d{2,4}\b/i,
    required: true,
  },
];

type Unit = { text: string; passage: Passage; order: number };

/** A full stop after these is not the end of a sentence ("due Feb. 17", "Dr. Lopez", "Rm. 48"). */
const ABBREVIATION =
  /\b(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|tues|wed|thu|thur|thurs|fri|dr|prof|mr|mrs|ms|st|rm|no|vs|etc|e\.g|i\.e|approx|dept|ch|sec|fig|pp|vol)\.$/i;

function sentences(paragraph: string): string[] {
  const out: string[] = [];
  for (const piece of paragraph.split(/(?<=[.!?])\s+(?=[A-Z0-9("'])/)) {
    const last = out.length - 1;
    if (last >= 0 && ABBREVIATION.test(out[last]!)) out[last] = `${out[last]} ${piece}`;
    else out.push(piece);
  }
  return out;
}

/** Paragraphs of a passage: wrapped lines joined, table rows, list items and headings on their own. */
function blocks(body: string): string[] {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) out.push(paragraph.join(' '));
    paragraph = [];
  };
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (!line || /^#+\s/.test(line)) {
      flush();
    } else if (line.includes(' | ') || /^([-*•]|\d+[.)])\s/.test(line)) {
      flush();
      out.push(line);
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return out;
}

/** Sentences of a passage, keeping table rows and list items whole. */
function units(passage: Passage, start: number): Unit[] {
  const out: Unit[] = [];
  for (const block of blocks(passage.body)) {
    const whole = block.includes(' | ') || /^([-*•]|\d+[.)])\s/.test(block);
    const pieces = whole ? [block] : sentences(block);
    for (const p of pieces)
      if (p.length >= 12) out.push({ text: p, passage, order: start + out.length });
  }
  return out;
}

function tidy(text: string): string {
  return text
    .replace(/^[-*]\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts at a sentence end before the limit. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('; '));
  return (
    end > max / 2 ? cut.slice(0, end + 1) : cut.slice(0, max - 1).replace(/\s+\S*$/, '') + '…'
  ).trim();
}

/**
 * Answers from the class's own material: retrieves passages, scores their sentences by how many
 * of the question's terms they hold (and whether they hold the kind of thing asked for), and
 * returns the best one or two with the section heading as context. Below the confidence threshold
 * it says the material does not cover the question. Deterministic.
 */
export async function answerExtractively(
  db: Db,
  classId: string,
  question: string,
): Promise<Answer> {
  const terms = await searchTerms(db, classId, question);
  const passages = await retrieve(db, classId, terms, 8);
  const decline: Answer = {
    response: NOT_COVERED,
    sourceType: 'other',
    citations: [],
    tokensUsed: 0,
  };
  if (passages.length === 0) return decline;

  const candidates = passages.flatMap((p, i) => units(p, i * 1000));
  if (candidates.length === 0) return decline;
  // one round trip: every candidate sentence, then each passage's heading once
  const analysed = await lexemesOfTexts(db, [
    ...candidates.map((c) => c.text),
    ...passages.map((p) => p.heading ?? ''),
  ]);
  const lexemes = analysed.slice(0, candidates.length);
  const headingOf = new Map(passages.map((p, i) => [p, new Set(analysed[candidates.length + i])]));
  const asks = ASKS_FOR.filter((a) => a.question.test(question));
  const topRank = passages[0]!.rank || 1;

  // Words the material never uses count half: everyday words ("go", "see") should not sink a
  // question the material answers, but a question about something absent should still fail.
  // Rare words weigh more (IDF in this class's material).
  const present = terms.groups.filter((g) => g.lexemes.length > 0);
  const averageWeight = present.length
    ? present.reduce((sum, g) => sum + g.weight, 0) / present.length
    : 1;
  const weightOf = (g: (typeof terms.groups)[number]) =>
    g.lexemes.length ? g.weight : 0.5 * averageWeight;
  const weightOfQuestion = terms.groups.reduce((w, g) => w + weightOf(g), 0) || 1;
  const scored = candidates.map((c, i) => {
    const own = new Set(lexemes[i]);
    const inHeading = headingOf.get(c.passage)!;
    // a question word counts when the sentence (or, for less, its heading) holds it or an alternative
    let covered = 0;
    let hits = 0;
    for (const g of terms.groups) {
      if (g.lexemes.some((l) => own.has(l))) {
        covered += weightOf(g);
        hits += 1;
      } else if (g.lexemes.some((l) => inHeading.has(l))) {
        covered += 0.6 * weightOf(g);
        hits += 1;
      }
    }
    const coverage = covered / weightOfQuestion;
    const hasEvidence = asks.length > 0 && asks.some((a) => a.evidence.test(c.text));
    const evidence = hasEvidence ? 0.35 : 0;
    const score =
      coverage + evidence + 0.15 * (c.passage.rank / topRank) - (c.text.length > 400 ? 0.15 : 0);
    return { ...c, score, coverage, hits, hasEvidence };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const best = scored[0]!;

  // Confidence: the best sentence must hold a real share of what the question asks about.
  const needed = terms.groups.length >= 2 ? 0.5 : 1;
  if (best.coverage < needed || best.hits === 0) return decline;
  // Asked when / where / who / how much, and the best sentence holds no date, place, name or
  // number: the material most likely does not say.
  const required = asks.filter((a) => a.required);
  if (
    required.length > 0 &&
    !required.some((a) => a.evidence.test(best.text)) &&
    best.coverage < 0.99
  )
    return decline;

  // Up to three sentences: near-ties often hold the part of the answer the best one lacks.
  const chosen = [best];
  for (const s of scored.slice(1)) {
    if (chosen.length === 3 || s.score < best.score * 0.8) break;
    const length = chosen.reduce((n, c) => n + c.text.length, 0) + s.text.length;
    if (length <= 600 && !chosen.some((c) => c.text === s.text)) chosen.push(s);
  }
  chosen.sort((a, b) => a.order - b.order);

  const heading = best.passage.heading?.replace(/^#+\s*|\s*#+$/g, '').trim();
  const body = chosen.map((c) => tidy(c.text)).join(' ');
  const withContext =
    heading && !body.toLowerCase().includes(heading.toLowerCase()) ? `${heading}: ${body}` : body;
  const response = clip(withContext, MAX_ANSWER_CHARS);
  const cited = [...new Map(chosen.map((c) => [c.passage.contentId, c])).values()];
  return {
    response,
    sourceType: best.passage.contentType === 'syllabus' ? 'syllabus' : 'content',
    citations: cited.map((c) => ({
      content_id: c.passage.contentId,
      title: c.passage.title,
      content_type: c.passage.contentType,
      excerpt: clip(tidy(c.text), 300),
    })),
    tokensUsed: 0,
  };
}
