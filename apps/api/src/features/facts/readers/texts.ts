/** Texts: the required and optional books and readings, by label or listed under their heading. */
import { CITATION_CUE, LINK_LABEL, PROSE_START, TEXT_DETAIL, type Field } from '../patterns.ts';
import type { DocLine } from '../document.ts';
import { cut, Facts, words, type Fact } from '../fact.ts';

function textAttribute(line: DocLine, field: Field): 'required' | 'optional' {
  if (field === 'optional_text' || line.topics.has('optional_text')) return 'optional';
  return /\b(?:recommended|optional|suggested|supplementa(?:l|ry))\b/i.test(line.text)
    ? 'optional'
    : 'required';
}

/** "Required: Title" / "Optional: Title": the list's own marker of which kind of text it is. */
const TEXT_MARK = /^(required|optional|recommended)\s*:\s*/i;

/**
 * A required or optional text: a title or a reference, not prose about readings, a grading
 * rubric line, a title's ISBN or web site, or a link label in a list of resources.
 */
function isTextTitle(value: string): boolean {
  if (words(value) < 2 || /\d\s*%/.test(value)) return false;
  if (TEXT_DETAIL.test(value) || LINK_LABEL.test(value)) return false;
  return !(PROSE_START.test(value) && !CITATION_CUE.test(value));
}

export function readTexts(lines: readonly DocLine[]): Fact[] {
  const out = new Facts();
  const addText = (line: DocLine, text: string, field: Field) => {
    const mark = TEXT_MARK.exec(text);
    const value = mark ? text.slice(mark[0].length) : text;
    if (!isTextTitle(value)) return;
    const kind = !mark
      ? textAttribute(line, field)
      : /required/i.test(mark[1]!)
        ? 'required'
        : 'optional';
    out.add(line, 'text', value, kind, cut(value, 200));
  };
  for (const line of lines) {
    if (line.kind === 'heading' || line.listedUnder) continue;
    for (const { field, value } of line.parts)
      if (field === 'text' || field === 'optional_text') addText(line, value, field);
    if ((line.fills === 'text' || line.fills === 'optional_text') && line.kind === 'item')
      addText(line, line.text, line.fills);
  }
  return out.list;
}
