/**
 * The longest reply a student is given, in characters: an answer, not half the syllabus (the
 * evaluation counts a longer one as no answer, docs/evaluation.md).
 */
export const MAX_ANSWER_CHARS = 700;

/**
 * Cuts `text` to at most `max` characters at a sentence (or clause) end when one falls in its
 * second half, otherwise at a word, with an ellipsis. Answers, hints and excerpts all use it.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('; '));
  return (
    end > max / 2 ? cut.slice(0, end + 1) : cut.slice(0, max - 1).replace(/\s+\S*$/, '') + '…'
  ).trim();
}
