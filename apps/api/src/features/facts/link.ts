import { extractFacts } from './extract.ts';
import type { ExtractedFactRow } from './facts.repository.ts';

/**
 * Links each fact to the chunk its source text sits in, so an answer can cite the passage.
 * Pure: the chunk whose body contains the source (first such), else the one sharing most of its
 * words, else none.
 */

// Below this share of the source's words found in one chunk, the fact stays unlinked.
const MIN_WORD_SHARE = 0.6;

type ChunkText = { position: number; body: string };

function squash(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

function wordsOf(s: string): string[] {
  return s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function linkToChunks(sources: readonly string[], chunks: readonly ChunkText[]): (number | null)[] {
  const bodies = chunks.map((c) => squash(c.body));
  const wordSets = chunks.map((c) => new Set(wordsOf(c.body)));
  return sources.map((source) => {
    const s = squash(source);
    const exact = bodies.findIndex((b) => b.includes(s));
    if (exact !== -1) return chunks[exact]!.position;
    const words = [...new Set(wordsOf(source))];
    if (words.length === 0) return null;
    let best = -1;
    let bestShare = 0;
    wordSets.forEach((set, i) => {
      const share = words.filter((w) => set.has(w)).length / words.length;
      if (share > bestShare) {
        bestShare = share;
        best = i;
      }
    });
    return best !== -1 && bestShare >= MIN_WORD_SHARE ? chunks[best]!.position : null;
  });
}

/**
 * Ingest: the facts read from a content item's text, each linked to the stored chunk holding its
 * source (stored by the content repository in the transaction that stores the chunks).
 */
export function extractedFactRows(
  text: string,
  chunks: { id: string; position: number; body: string }[],
): ExtractedFactRow[] {
  const facts = extractFacts(text);
  const positions = linkToChunks(
    facts.map((f) => f.sourceText),
    chunks,
  );
  const idAt = new Map(chunks.map((c) => [c.position, c.id]));
  return facts.map((f, i) => ({
    ...f,
    chunkId: positions[i] === null ? null : (idAt.get(positions[i]!) ?? null),
  }));
}
