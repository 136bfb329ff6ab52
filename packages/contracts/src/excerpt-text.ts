/**
 * How an excerpt reply (kind `excerpt`, decision 013) writes the material it quotes, as plain text
 * that reads well wherever it is shown (the student chat, the team chat, e-mail, the teacher's
 * conversation view) and that the web can lay out as quotations:
 *
 *   Here is what the syllabus says about Office Hours:
 *   > Office hours are on Tuesdays. **They run from 2 to 4 pm in Science Hall 210.** Email first.
 *
 * Each quotation is a line naming where it comes from, then the passage, every line of it after
 * `> `. The sentence the assistant found best is between `**` marks. No schemas here.
 */

/** One quoted passage: where it comes from ("Here is what the syllabus says about …:") and what it says. */
export type ExcerptBlock = { lead: string; quote: string };

/** Marks the best sentence of a quotation. */
export const EXCERPT_MARK = '**';

const QUOTE_LINE = '> ';

/** The reply's text for these quotations, the best first. */
export function excerptText(blocks: ExcerptBlock[]): string {
  return blocks
    .map(
      ({ lead, quote }) =>
        `${lead}\n${quote
          .split('\n')
          .map((line) => `${QUOTE_LINE}${line}`)
          .join('\n')}`,
    )
    .join('\n');
}

/** The quotations of an excerpt reply's text; a line outside any quotation becomes a lead. */
export function excerptBlocks(text: string): ExcerptBlock[] {
  const blocks: ExcerptBlock[] = [];
  for (const line of text.split('\n')) {
    const last = blocks[blocks.length - 1];
    if (line.startsWith(QUOTE_LINE.trimEnd()) && last) {
      const quoted = line.slice(line.startsWith(QUOTE_LINE) ? QUOTE_LINE.length : 1);
      last.quote = last.quote === '' ? quoted : `${last.quote}\n${quoted}`;
    } else blocks.push({ lead: line, quote: '' });
  }
  return blocks;
}

/** A quotation's text in pieces, those the assistant found best marked. */
export function markedParts(quote: string): { text: string; marked: boolean }[] {
  return quote
    .split(EXCERPT_MARK)
    .map((text, i) => ({ text, marked: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/**
 * What an excerpt reply quotes, as plain text: its passages without their leads and marks, one
 * paragraph each. A passage the teacher confirmed (Check your assistant) is given in these words.
 */
export function quotedText(text: string): string {
  return excerptBlocks(text)
    .map((b) => b.quote.split(EXCERPT_MARK).join('').trim())
    .filter((quote) => quote !== '')
    .join('\n\n');
}
