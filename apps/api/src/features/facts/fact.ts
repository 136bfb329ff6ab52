import type { FactKind } from '@app/contracts';
import type { Line } from './text.ts';

export type Fact = {
  kind: FactKind;
  subject: string;
  attribute: string;
  value: string;
  /** the line(s) of the text the fact was read from */
  sourceText: string;
};

// Tuning, in one place.
/** A value is a phrase, not a paragraph: longer values are cut at a word. */
const VALUE_MAX_CHARS = 300;
/** A policy's summary: its first sentences, enough to answer "what is the late policy". */
export const POLICY_SENTENCES = 2;
export const POLICY_MAX_CHARS = 400;
/** Lines that hold dates or grades in a table or list are short; prose is left to retrieval. */
export const DATED_LINE_MAX_WORDS = 40;
/** Source quotes longer than this are replaced by the sentence the fact came from. */
const SOURCE_MAX_CHARS = 500;

export function cut(s: string, max = VALUE_MAX_CHARS): string {
  const t = s.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const at = t.lastIndexOf(' ', max - 1);
  return `${t.slice(0, at > max / 2 ? at : max - 1)}…`;
}

function trimValue(s: string): string {
  return s
    .replace(/^[\s:;,.|–—-]+/, '')
    .replace(/[\s:;,|–—-]+$/, '')
    .trim();
}

export function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** What a reader found: each fact once (case aside), quoting the first line it was read from. */
export class Facts {
  readonly list: Fact[] = [];
  private readonly seen = new Set<string>();

  /** `sentence`: what to quote when the line is too long to. */
  add(
    line: Line,
    kind: FactKind,
    subject: string,
    attribute: string,
    value: string,
    sentence?: string,
  ) {
    const v = cut(trimValue(value), kind === 'policy' ? POLICY_MAX_CHARS + 1 : undefined);
    const s = cut(subject.replace(/^[\s:;,|]+|[\s:;,|]+$/g, ''), 200);
    if (!v || !s) return;
    const key = `${kind}|${s.toLowerCase()}|${attribute}|${v.toLowerCase()}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const raw = line.raw;
    const sourceText =
      raw.length <= SOURCE_MAX_CHARS ? raw : cut(sentence ?? raw, SOURCE_MAX_CHARS);
    this.list.push({ kind, subject: s, attribute, value: v, sourceText });
  }
}
