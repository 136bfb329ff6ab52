import type { Wording } from './matching.ts';
import { STANDARD_QUESTIONS, type StandardKey } from './standard-questions.ts';

export type StandardWording = Wording & { key: StandardKey };

/**
 * The standard questions with their group keys (question_group_key, read from PostgreSQL once
 * per instance: the list is fixed in code).
 */
export class StandardWordings {
  private loaded: Promise<StandardWording[]> | undefined;

  constructor(private readonly repo: { groupKeys(questions: string[]): Promise<string[]> }) {}

  wordings(): Promise<StandardWording[]> {
    this.loaded ??= this.repo
      .groupKeys(STANDARD_QUESTIONS.map((q) => q.question))
      .then((keys) =>
        STANDARD_QUESTIONS.map((q, i) => ({
          key: q.key,
          question: q.question,
          questionKey: keys[i]!,
        })),
      )
      .catch((err: unknown) => {
        this.loaded = undefined; // the next ask tries again
        throw err;
      });
    return this.loaded;
  }
}
