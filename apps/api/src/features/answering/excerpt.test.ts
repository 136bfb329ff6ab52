import { describe, expect, it } from 'vitest';
import { excerptBlocks, markedParts } from '@app/contracts';
import type { FactSheetEntry } from '../facts/facts.service.ts';
import type { Passage } from '../retrieval/retrieval.ts';
import { EXCERPT_QUOTE_CHARS, excerptOfFacts, excerptOfUnits } from './excerpt.ts';
import { unitsOf } from './units.ts';

const passage = (over: Partial<Passage> & { body: string }): Passage => ({
  chunkId: '1',
  contentId: 'c1',
  title: 'Syllabus',
  contentType: 'syllabus',
  heading: null,
  rank: 1,
  ...over,
});

const LATE = passage({
  heading: '## Late Work',
  body: [
    'Assignments are due on Fridays at 5 pm.',
    'Late work loses 10% per day.',
    'Nothing is accepted after three days.',
  ].join(' '),
});

describe('excerptOfUnits', () => {
  it('quotes the passage around the best unit, names its document and section, and marks the unit', () => {
    const units = unitsOf(LATE, 0);
    const best = units[1]!;
    const blocks = excerptBlocks(excerptOfUnits(best, [best], units));
    expect(blocks).toEqual([
      {
        lead: 'Here is what the syllabus says about Late Work:',
        quote:
          'Assignments are due on Fridays at 5 pm. **Late work loses 10% per day.** Nothing is accepted after three days.',
      },
    ]);
  });

  it('keeps to its budget in whole units, taking the units on both sides in turn', () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} says a little.`);
    const units = unitsOf(passage({ body: sentences.join(' ') }), 0);
    const best = units[20]!;
    const [block] = excerptBlocks(excerptOfUnits(best, [best], units));
    const text = markedParts(block!.quote)
      .map((p) => p.text)
      .join('');
    expect(text.length).toBeLessThanOrEqual(EXCERPT_QUOTE_CHARS);
    expect(text.length).toBeGreaterThan(EXCERPT_QUOTE_CHARS - 40);
    // whole sentences only, around the marked one
    expect(block!.quote).toMatch(/^Sentence number \d+ says a little\./);
    expect(block!.quote).toMatch(/says a little\.$/);
    expect(markedParts(block!.quote).filter((p) => p.marked)).toEqual([
      { text: 'Sentence number 20 says a little.', marked: true },
    ]);
    const numbers = [...text.matchAll(/number (\d+)/g)].map((m) => Number(m[1]));
    expect(Math.min(...numbers)).toBeLessThan(20);
    expect(Math.max(...numbers)).toBeGreaterThan(20);
  });

  it('writes list items and table rows on lines of their own, and a label above what it names', () => {
    const units = unitsOf(
      passage({
        heading: '## Course Information',
        body: [
          'Textbooks (required):',
          '- Campbell Biology, 12th edition',
          '- A lab notebook',
          '',
          '| Component | Weight |',
          '| Homework | 20% |',
          '| Final exam | 40% |',
        ].join('\n'),
      }),
      0,
    );
    const best = units.find((u) => u.text.startsWith('Campbell'))!;
    const [block] = excerptBlocks(excerptOfUnits(best, [best], units));
    expect(block!.lead).toBe('Here is what the syllabus says about Course Information:');
    expect(block!.quote.split('\n')).toEqual([
      'Textbooks (required):',
      '- **Campbell Biology, 12th edition**',
      '- A lab notebook',
      'Component, Weight.',
      'Component: Homework, Weight: 20%.',
      'Component: Final exam, Weight: 40%.',
    ]);
  });

  it('quotes a second passage the engine chose, after the best, with its own source', () => {
    const other = passage({
      chunkId: '2',
      contentId: 'c2',
      title: 'Lab Manual',
      contentType: 'additional',
      heading: '## Safety',
      body: 'Goggles are required in every lab.',
    });
    const units = [...unitsOf(LATE, 0), ...unitsOf(other, 1000)];
    const best = units[1]!;
    const second = units.find((u) => u.text.startsWith('Goggles'))!;
    const blocks = excerptBlocks(excerptOfUnits(best, [best, second], units));
    expect(blocks.map((b) => b.lead)).toEqual([
      'Here is what the syllabus says about Late Work:',
      'And here is what “Lab Manual” says about Safety:',
    ]);
    expect(blocks[1]!.quote).toBe('**Goggles are required in every lab.**');
  });

  it('keeps the units the engine chose with the best one in its passage', () => {
    const filler = Array.from({ length: 12 }, (_, i) => `Filler sentence ${i} is here.`);
    const body = [
      'There are four levels.',
      'You have a maximum of seven attempts.',
      ...filler,
    ].join(' ');
    const units = unitsOf(passage({ body: `${filler.join(' ')} ${body}` }), 0);
    const best = units.find((u) => u.text === 'There are four levels.')!;
    const next = units.find((u) => u.text.startsWith('You have a maximum'))!;
    const [block] = excerptBlocks(excerptOfUnits(best, [best, next], units));
    expect(block!.quote).toContain(
      '**There are four levels.** You have a maximum of seven attempts.',
    );
  });

  it('never makes a reply longer than 700 characters', () => {
    const long = (n: number) =>
      passage({
        chunkId: String(n),
        contentId: `c${n}`,
        title: `Handout ${n}`,
        contentType: 'additional',
        heading: `## A rather long section heading number ${n}`,
        body: Array.from(
          { length: 30 },
          (_, i) => `- Item ${i} of a list that goes on and on.`,
        ).join('\n'),
      });
    const units = [...unitsOf(long(1), 0), ...unitsOf(long(2), 1000)];
    const best = units[10]!;
    const second = units.find((u) => u.passage.contentId === 'c2')!;
    const text = excerptOfUnits(best, [best, second], units);
    expect(text.length).toBeLessThanOrEqual(700);
    expect(excerptBlocks(text)).toHaveLength(2);
  });

  it('names no section when the heading names the document', () => {
    const units = unitsOf(passage({ heading: '# BIO 101 Syllabus', body: 'Labs meet weekly.' }), 0);
    const [block] = excerptBlocks(excerptOfUnits(units[0]!, units, units));
    expect(block!.lead).toBe('Here is what the syllabus says:');
  });
});

describe('excerptOfFacts', () => {
  const fact = (over: Partial<FactSheetEntry>): FactSheetEntry => ({
    id: 'f1',
    kind: 'staff',
    subject: 'Dr. Maria Lopez',
    attribute: 'office_hours',
    value: 'Tuesdays 2-4 pm',
    origin: 'extracted',
    sourceText: 'Office hours: Tuesdays 2-4 pm in **Science Hall 210**',
    contentId: 'c1',
    contentTitle: 'Syllabus',
    contentType: 'syllabus',
    chunkId: 'k1',
    ...over,
  });

  it('writes a table row the fact was read from as a sentence', () => {
    const row = fact({ sourceText: '| Final exam | 40% |', subject: 'Final exam' });
    expect(excerptBlocks(excerptOfFacts([row], 'Final exam'))[0]!.quote).toBe(
      '**Final exam, 40%.**',
    );
  });

  it('quotes the lines the facts were read from, marked, under their document', () => {
    expect(excerptBlocks(excerptOfFacts([fact({})], 'Dr. Maria Lopez'))).toEqual([
      {
        lead: 'Here is what the syllabus says about Dr. Maria Lopez:',
        // the material's own emphasis is not kept: the marks say what the assistant found
        quote: '**Office hours: Tuesdays 2-4 pm in Science Hall 210**',
      },
    ]);
  });
});
