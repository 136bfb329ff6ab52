/**
 * Accommodations: the summary of the disability-accommodations section (or of the first lines
 * that speak of them), the office to contact, and its e-mail, phone and web site.
 */
import { EMAIL, PHONE, topicsOf, URL } from '../patterns.ts';
import { sectionBody, type DocLine } from '../document.ts';
import { Facts, type Fact } from '../fact.ts';
import { summary } from './policies.ts';

const ACCOMMODATION_CUE = /\bdisabilit\w*|\baccommodations?\b|\baccessib\w*/i;
const OFFICE_NAME =
  /\b((?:the\s+)?(?:[A-Z][\w&’'-]*\s+|of\s+|for\s+|and\s+|&\s+)*(?:Disabilit\w*|Accessib\w*|Access|Accommodations?|Ability)(?:\s+(?:[A-Z][\w&’'-]*|of|for|and|&))*\s*(?:Office|Center|Centre|Services?|Resources?|Concerns|Programs?)(?:\s+(?:of|for)\s+[A-Z][\w’'-]*(?:\s+[A-Z][\w’'-]*)*)?(?:\s*\([A-Z]{2,6}\))?)/;

const OTHER_OFFICE =
  /\b(?:title ix|discriminat\w*|harass\w*|counsel\w*|academic (?:integrity|honesty)|conduct)\b/i;

export function readAccommodations(all: readonly DocLine[]): Fact[] {
  const out = new Facts();
  const add = (line: DocLine, attribute: string, value: string, sentence?: string) =>
    out.add(line, 'accommodations', 'accommodations', attribute, value, sentence);
  let lines: DocLine[] = [];
  const heading = all.findIndex(
    (l) => l.kind === 'heading' && topicsOf(l.text).has('accommodations'),
  );
  if (heading !== -1) lines = sectionBody(all, heading);
  else {
    const at = all.findIndex(
      (l) =>
        l.kind !== 'heading' &&
        !l.cells &&
        ACCOMMODATION_CUE.test(l.text) &&
        /\bstudents?\b/i.test(l.text),
    );
    if (at !== -1) lines = all.slice(at, at + 2).filter((l) => l.kind !== 'heading');
  }
  const s = summary(lines);
  if (!s) return [];
  add(s.source, 'summary', s.text, s.text);
  const office = lines.find((l) => OFFICE_NAME.test(l.text));
  if (office) add(office, 'office', OFFICE_NAME.exec(office.text)![1]!.replace(/^the\s+/i, ''));
  // contacts up to where the text turns to another office (Title IX, counseling, conduct)
  const end = lines.findIndex((l) => OTHER_OFFICE.test(l.text) && !ACCOMMODATION_CUE.test(l.text));
  for (const l of end === -1 ? lines : lines.slice(0, end)) {
    for (const m of l.text.matchAll(EMAIL)) add(l, 'email', m[0]);
    for (const m of l.text.matchAll(PHONE)) add(l, 'phone', m[0]);
    for (const m of l.text.matchAll(URL)) add(l, 'website', m[0].replace(/[.,;]$/, ''));
  }
  return out.list;
}
