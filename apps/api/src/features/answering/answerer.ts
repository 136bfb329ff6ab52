import type { Db } from '../../db/index.ts';
import { answerExtractively, type Answer } from './extractive.ts';

export type { Answer, Citation } from './extractive.ts';

/** Answers one question from one class's material. Implementations never throw for "no answer". */
export interface Answerer {
  answer(classId: string, question: string): Promise<Answer>;
}

/** The default: no network, deterministic. */
export class ExtractiveAnswerer implements Answerer {
  constructor(private readonly db: Db) {}
  answer(classId: string, question: string): Promise<Answer> {
    return answerExtractively(this.db, classId, question);
  }
}
