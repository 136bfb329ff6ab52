import { describe, expect, it } from 'vitest';
import { CONCEPT_NAMES, definitionOf, MEASURES, type AnswerShape } from './concepts.ts';
import { parseQuestion } from './question.ts';

/** Every concept's and every kind of answer's own examples (concepts.ts), as tests. */
const asks = (shape: AnswerShape, question: string) =>
  shape.question.test(question) && !shape.unless?.test(question);

describe.each(CONCEPT_NAMES)('concept %s', (concept) => {
  const { examples, facts } = definitionOf(concept);
  it.each(examples.names)('is named in "%s"', (question) => {
    expect([...parseQuestion(question).concepts]).toContain(concept);
  });
  it.each(examples.doesNotName)('is not named in "%s"', (question) => {
    expect([...parseQuestion(question).concepts]).not.toContain(concept);
  });
  it('maps onto fact kinds', () => expect(facts.length).toBeGreaterThan(0));
});

const shapes = [
  ...CONCEPT_NAMES.flatMap((c) => (definitionOf(c).answers ?? []).map((s) => [c, s] as const)),
  ...MEASURES.map((s) => ['a measure', s] as const),
];

describe.each(shapes)('the kind of answer of %s', (_, shape) => {
  it.each(shape.examples.asks)('is asked for by "%s"', (q) => expect(asks(shape, q)).toBe(true));
  it.each(shape.examples.doesNotAsk)('is not asked for by "%s"', (q) =>
    expect(asks(shape, q)).toBe(false),
  );
  it.each(shape.examples.holds)('is held by "%s"', (text) =>
    expect(shape.evidence.test(text)).toBe(true),
  );
  it.each(shape.examples.doesNotHold)('is not held by "%s"', (text) =>
    expect(shape.evidence.test(text)).toBe(false),
  );
});
