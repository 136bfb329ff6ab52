/** Software: programs and languages the course uses, by label, under their heading, or by name. */
import { R_LANGUAGE, SOFTWARE } from '../patterns.ts';
import type { DocLine } from '../document.ts';
import { cut, Facts, words, type Fact } from '../fact.ts';

const SOFTWARE_RES = SOFTWARE.map(
  (name) => [name, new RegExp(`(?<![\\w.-])${name.replace(/[.+]/g, '\\$&')}(?![\\w-])`)] as const,
);

/** Campus offices and services listed under a "Tools" heading are not software. */
const NOT_SOFTWARE =
  /\b(?:office|center|centre|program|services?|resources|hub|guide|advocate|counseling)\b/i;

export function readSoftware(lines: readonly DocLine[]): Fact[] {
  const out = new Facts();
  for (const line of lines) {
    if (line.kind === 'heading') continue;
    for (const { field, value } of line.parts) {
      if (field !== 'software') continue;
      for (const s of value.split(/\s*[,;]\s*/).filter((x) => x && words(x) <= 5))
        out.add(line, 'software', s, 'use', s);
    }
    const item = line.fills === 'software' && line.kind === 'item';
    if (item && words(line.text) <= 12 && !NOT_SOFTWARE.test(line.text))
      out.add(line, 'software', cut(line.text, 80), 'use', cut(line.text, 200));
    // a known name anywhere
    for (const [name, re] of SOFTWARE_RES)
      if (re.test(line.text)) out.add(line, 'software', name, 'use', name);
    if (R_LANGUAGE.test(line.text)) out.add(line, 'software', 'R', 'use', 'R');
  }
  return out.list;
}
