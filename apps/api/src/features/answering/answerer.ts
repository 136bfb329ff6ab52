import { DEFAULT_MIN_CONFIDENCE } from './confidence.ts';
import { answerExtractively, type Answer, type MaterialSources } from './extractive.ts';

export type { Answer, Citation, MaterialSources } from './extractive.ts';

/**
 * Receives the answer's text as it is generated, piece by piece (citation markers left out). The
 * pieces form a draft; the answer returned at the end is what counts (and may differ from it).
 */
export type OnAnswerText = (piece: string) => void;

/** Answers one question from one class's material. Implementations never throw for "no answer". */
export interface Answerer {
  /** `onText`: stream the text as it is generated, when the answerer can (an LLM); else unused */
  answer(classId: string, question: string, onText?: OnAnswerText): Promise<Answer>;
}

/** The answer's confidence; an answerer that cannot tell is sure of what it says. */
export const confidenceOfReply = (answer: Answer): number =>
  answer.confidence ?? (answer.sourceType === 'other' ? 0 : 1);

/** The default: no network, deterministic. */
export class ExtractiveAnswerer implements Answerer {
  private readonly minConfidence: number;

  constructor(
    private readonly deps: MaterialSources & {
      /** below it the reply is an honest "not in the material" (confidence.ts) */
      minConfidence?: number;
    },
  ) {
    this.minConfidence = deps.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  }

  answer(classId: string, question: string): Promise<Answer> {
    return answerExtractively(this.deps, classId, question, this.minConfidence);
  }
}
