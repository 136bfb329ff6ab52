import { SUGGESTED_QUESTIONS_MAX } from '@app/contracts';

const sameQuestion = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * SPEC §9: the asked question moves to the front of the suggestions, without duplicates,
 * keeping at most `max`.
 */
export function promoteSuggestion(
  suggestions: readonly string[],
  asked: string,
  max: number = SUGGESTED_QUESTIONS_MAX,
): string[] {
  const question = asked.trim();
  if (!question) return suggestions.slice(0, max);
  const rest = suggestions.filter((s) => !sameQuestion(s, question));
  return [question, ...rest].slice(0, max);
}

/** The first suggestions a session offers: distinct, non-blank, at most `max`. */
export function initialSuggestions(
  questions: readonly string[],
  max: number = SUGGESTED_QUESTIONS_MAX,
): string[] {
  const list: string[] = [];
  for (const q of questions) {
    const question = q.trim();
    if (question && !list.some((s) => sameQuestion(s, question))) list.push(question);
  }
  return list.slice(0, max);
}
