import { describe, expect, it } from 'vitest';
import { fieldOf, topicsOf } from '../facts/patterns.ts';
import { CONCEPT_NAMES, definitionOf, MEASURES, type AnswerShape } from './concepts.ts';
import { parseQuestion } from './question.ts';

/** Every concept's and every kind of answer's own examples (concepts.ts), as tests. */
const asks = (shape: AnswerShape, question: string) =>
  shape.question.test(question) && !shape.unless?.test(question);
/** `it.each` of the examples there are */
const each = (cases: string[] | undefined, name: string, check: (example: string) => void) => {
  if (cases?.length) it.each(cases)(name, check);
};

describe.each(CONCEPT_NAMES)('concept %s', (concept) => {
  const { examples: e, facts, labels, sections, policyCue } = definitionOf(concept);
  const concepts = (question: string) => [...parseQuestion(question).concepts];
  each(e.names, 'is named in the question "%s"', (q) => expect(concepts(q)).toContain(concept));
  each(e.doesNotName, 'is not named in "%s"', (q) => expect(concepts(q)).not.toContain(concept));
  const label = new RegExp(`^(?:${labels})$`, 'i');
  each(e.labels, 'is the label "%s"', (l) => {
    expect(label.test(l)).toBe(true);
    expect(fieldOf(l)).not.toBeNull();
  });
  each(e.notLabels, 'is not the label "%s"', (l) => expect(label.test(l)).toBe(false));
  each(e.headings, 'is named by the heading "%s"', (h) => {
    expect(sections!.test(h)).toBe(true);
    expect(topicsOf(h).size).toBeGreaterThan(0);
  });
  each(e.notHeadings, 'is not named by the heading "%s"', (h) =>
    expect(sections!.test(h)).toBe(false),
  );
  each(e.states, 'is the policy "%s" states', (t) => expect(policyCue!.test(t)).toBe(true));
  each(e.doesNotState, 'is not a policy "%s" states', (t) =>
    expect(policyCue!.test(t)).toBe(false),
  );
  it('maps onto fact kinds, and has examples of each way it is recognised', () => {
    expect(facts.length).toBeGreaterThan(0);
    if (definitionOf(concept).words.length) expect(e.names?.length).toBeGreaterThan(0);
    if (labels) expect(e.labels?.length).toBeGreaterThan(0);
    if (sections) expect(e.headings?.length).toBeGreaterThan(0);
    if (policyCue) expect(e.states?.length).toBeGreaterThan(0);
  });
});

const shapes = [
  ...CONCEPT_NAMES.flatMap((c) => (definitionOf(c).answers ?? []).map((s) => [c, s] as const)),
  ...MEASURES.map((s) => ['a measure', s] as const),
];

describe.each(shapes)('the kind of answer of %s', (_, shape) => {
  each(shape.examples.asks, 'is asked for by "%s"', (q) => expect(asks(shape, q)).toBe(true));
  each(shape.examples.doesNotAsk, 'is not asked for by "%s"', (q) =>
    expect(asks(shape, q)).toBe(false),
  );
  each(shape.examples.holds, 'is held by "%s"', (t) => expect(shape.evidence.test(t)).toBe(true));
  each(shape.examples.doesNotHold, 'is not held by "%s"', (t) =>
    expect(shape.evidence.test(t)).toBe(false),
  );
});
