import { SUGGESTED_QUESTIONS_MAX } from '@app/contracts';

const sameQuestion = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * SPEC §9: an asked suggestion moves to the front of the suggestions, without duplicates,
 * keeping at most `max`. Suggestions are the class's (the teacher's, or drawn from the
 * material, issue 31): a question the student typed never becomes one, so neither does a
 * question the material did not cover, nor one about something else.
 */
export function promoteSuggestion(
  suggestions: readonly string[],
  asked: string,
  max: number = SUGGESTED_QUESTIONS_MAX,
): string[] {
  const picked = suggestions.find((s) => sameQuestion(s, asked));
  if (!picked) return suggestions.slice(0, max);
  return [picked, ...suggestions.filter((s) => s !== picked)].slice(0, max);
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
