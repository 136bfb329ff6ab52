/** Prerequisites and corequisites: the first sentence of a labelled line or of its section. */
import { sentences } from '../text.ts';
import type { DocLine } from '../document.ts';
import { Facts, type Fact } from '../fact.ts';

export function readRequirements(lines: readonly DocLine[]): Fact[] {
  const out = new Facts();
  for (const line of lines) {
    if (line.kind === 'heading' || line.listedUnder) continue;
    for (const { field, value } of line.parts) {
      if (field !== 'prerequisite' && field !== 'corequisite') continue;
      const first = sentences(value)[0];
      if (first) out.add(line, field, 'Course', 'requirement', first, first);
    }
    if (line.fills === 'prerequisite' || line.fills === 'corequisite') {
      const first = sentences(line.text)[0]!;
      out.add(line, line.fills, 'Course', 'requirement', first, first);
    }
  }
  return out.list;
}
