import { SUGGESTED_QUESTIONS_MAX, type SampleQuestions } from '@app/contracts';
import type { ChatRepository } from './chat.repository.ts';
import { questionsFromHeadings } from './suggested-questions.ts';

/** The teacher's own questions when set, else questions drawn from the class's material. */
export async function suggestedQuestions(
  repo: Pick<ChatRepository, 'materialHeadings'>,
  cls: { id: string; sample_questions: string[] },
): Promise<SampleQuestions> {
  if (cls.sample_questions.length) {
    return {
      questions: cls.sample_questions.slice(0, SUGGESTED_QUESTIONS_MAX),
      source: 'teacher',
    };
  }
  return fromMaterial(await repo.materialHeadings(cls.id));
}

/** The questions of a class whose material (headings) was read with it (the chat session). */
export function suggestedQuestionsOf(cls: {
  sample_questions: string[];
  material: { hasMaterial: boolean; headings: string[] };
}): string[] {
  return cls.sample_questions.length
    ? cls.sample_questions.slice(0, SUGGESTED_QUESTIONS_MAX)
    : fromMaterial(cls.material).questions;
}

const fromMaterial = (m: { hasMaterial: boolean; headings: string[] }): SampleQuestions => ({
  questions: questionsFromHeadings(m.headings, m.hasMaterial),
  source: 'material',
});

/** Trimmed, without blanks, the first spelling of each question kept (case-insensitive). */
export function uniqueQuestions(questions: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of questions) {
    const question = raw.trim();
    const key = question.replace(/\s+/g, ' ').toLocaleLowerCase();
    if (!question || seen.has(key)) continue;
    seen.add(key);
    out.push(question);
  }
  return out.slice(0, SUGGESTED_QUESTIONS_MAX);
}
