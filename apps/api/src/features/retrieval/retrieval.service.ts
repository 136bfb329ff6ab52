import type { PlacedChunk, RetrievalRepository } from './retrieval.repository.ts';
import {
  classNameWords,
  retrieve,
  searchTerms,
  type Passage,
  type SearchQuery,
  type SearchTerms,
} from './retrieval.ts';

export type { Chunk, Passage, PlacedChunk } from './retrieval.repository.ts';
export type { SearchQuery, SearchTerms, TermGroup } from './retrieval.ts';
export { searchWordsOf } from './retrieval.ts';

/**
 * A class's material as the answering engine reads it (a feature uses another
 * through its service): the question's search terms, the passages they find, and the chunks
 * around them. Every method reads one class's ready material only.
 */
export class RetrievalService {
  constructor(private readonly repo: RetrievalRepository) {}

  /** Words that name the class itself ("math 107"): they tell nothing about which passage answers. */
  classNameWords(classId: string): Promise<Set<string>> {
    return classNameWords(this.repo, classId);
  }

  /** The question as search terms (`named`: the class's name words, when the caller has them). */
  searchTerms(classId: string, question: SearchQuery, named?: Set<string>): Promise<SearchTerms> {
    return searchTerms(this.repo, classId, question, named);
  }

  /** The class's chunks matching the terms, best first. */
  retrieve(classId: string, terms: SearchTerms, limit?: number): Promise<Passage[]> {
    return retrieve(this.repo, classId, terms, limit);
  }

  /** Each text's lexemes (English text search), in order. */
  lexemesOfTexts(texts: string[]): Promise<string[][]> {
    return this.repo.lexemesOfTexts(texts);
  }

  /** The chunks and up to `reach` neighbours each side in their document. */
  chunksAround(classId: string, chunkIds: string[], reach: number): Promise<PlacedChunk[]> {
    return this.repo.chunksAround(classId, chunkIds, reach);
  }

  /** The chunks that address an AI model (planted instructions): never shown to one. */
  chunksAddressingAi(classId: string): Promise<PlacedChunk[]> {
    return this.repo.chunksAddressingAi(classId);
  }

  /** The syllabus's first `count` chunks. */
  syllabusOpening(classId: string, count: number): Promise<PlacedChunk[]> {
    return this.repo.syllabusOpening(classId, count);
  }
}
