/**
 * Policies (late work, attendance, make-up, collaboration, integrity, AI): the first sentences
 * of the section a heading or a short label names, else the first sentence that states one.
 */
import { POLICY_CUES, POLICY_TOPICS, topicsOf, type PolicyTopic } from '../patterns.ts';
import { sentences } from '../text.ts';
import { sectionBody, type DocLine } from '../document.ts';
import { cut, Facts, POLICY_MAX_CHARS, POLICY_SENTENCES, words, type Fact } from '../fact.ts';

/** The first sentences of a section, from its first line of four words or more. */
export function summary(lines: DocLine[]): { text: string; source: DocLine } | null {
  const first = lines.find((l) => words(l.text) >= 4);
  if (!first) return null;
  const text = lines
    .slice(lines.indexOf(first))
    .map((l) => l.text)
    .join(' ');
  const picked: string[] = [];
  for (const s of sentences(text)) {
    if (picked.length >= POLICY_SENTENCES || (picked.join(' ') + s).length > POLICY_MAX_CHARS)
      break;
    picked.push(s);
  }
  return { text: picked.length ? picked.join(' ') : cut(text, POLICY_MAX_CHARS), source: first };
}

/** "Late work – text" / "Attendance: text": a policy named by a short label before its text. */
const LEAD_LABEL = /^([A-Z][^:.!?]{2,50}?)\s*(?::|\s[-–—]\s)\s*(\S.{20,})$/;

export function readPolicies(lines: readonly DocLine[]): Fact[] {
  const out = new Facts();
  const found = new Set<PolicyTopic>();
  const take = (topic: PolicyTopic, text: string, source: DocLine) => {
    if (found.has(topic)) return;
    found.add(topic);
    out.add(source, 'policy', topic, 'summary', text, text);
  };
  lines.forEach((l, i) => {
    if (l.kind === 'heading') {
      const topics = topicsOf(l.text);
      for (const topic of POLICY_TOPICS) {
        if (!topics.has(topic) || found.has(topic)) continue;
        const s = summary(sectionBody(lines, i));
        if (s) take(topic, s.text, s.source);
      }
      return;
    }
    const lead = LEAD_LABEL.exec(l.text);
    if (!lead) return;
    const topics = topicsOf(lead[1]!);
    for (const topic of POLICY_TOPICS) {
      if (!topics.has(topic) || found.has(topic)) continue;
      const first = sentences(lead[2]!).slice(0, POLICY_SENTENCES).join(' ');
      take(topic, first, l);
    }
  });
  // no heading or label names it: the first sentence that states it
  for (const topic of POLICY_TOPICS) {
    if (found.has(topic)) continue;
    for (const l of lines) {
      if (l.kind === 'heading' || l.cells) continue;
      const ss = sentences(l.text);
      const k = ss.findIndex((s) => POLICY_CUES[topic].test(s) && words(s) >= 6);
      if (k === -1) continue;
      const text = ss.slice(k, k + POLICY_SENTENCES).join(' ');
      take(topic, text.length > POLICY_MAX_CHARS ? ss[k]! : text, l);
      break;
    }
  }
  return out.list;
}
