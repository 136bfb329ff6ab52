/**
 * extractFacts over every course of the eval corpus (../shared/eval/corpus), through the real
 * extractor as an upload goes. Broad, honest properties checked by reading the syllabi; the
 * per-kind counts are printed by `npm run facts:report`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractor, type Extractor } from '../extraction/index.ts';
import { extractFacts, type Fact } from './extract.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '../../../../../../shared/eval/corpus');

/** Courses whose syllabus names no instructor or TA in a form a reader of text can use. */
const NO_STAFF_STATED = new Set([
  'cmu-15440-fa23', // the course page has no staff section
  'ucsb-cs24-sp23', // likewise
  'ucdavis-sta141b-wi19', // a staff table the PDF flattens into one run of words
]);

const facts = new Map<string, Fact[]>();
let extractor: Extractor;

beforeAll(async () => {
  if (!existsSync(corpus)) return;
  extractor = createExtractor({ timeoutMs: 120_000 });
  const courses = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory());
  for (const course of courses.map((d) => d.name).sort()) {
    const dir = path.join(corpus, course);
    const all: Fact[] = [];
    for (const file of readdirSync(dir).sort()) {
      const name = /\.(md|html?)$/i.test(file) ? `${file}.txt` : file;
      const doc = await extractor.extract({
        data: readFileSync(path.join(dir, file)),
        fileName: name,
      });
      all.push(...extractFacts(doc.text));
    }
    facts.set(course, all);
  }
}, 180_000);
afterAll(async () => extractor?.close());

const has = (course: string, kind: string, subject: string, attribute: string, value: string) =>
  facts
    .get(course)!
    .some(
      (f) =>
        f.kind === kind && f.subject === subject && f.attribute === attribute && f.value === value,
    );

describe.skipIf(!existsSync(corpus))('facts across the corpus', () => {
  it('reads all 34 courses, each with facts, a quoted source and a bounded value', () => {
    expect(facts.size).toBe(34);
    for (const [course, list] of facts) {
      expect(list.length, course).toBeGreaterThanOrEqual(5);
      for (const f of list) {
        expect(f.sourceText.length, course).toBeGreaterThan(0);
        expect(f.value.length, course).toBeLessThanOrEqual(1000);
        expect(f.subject.length, course).toBeLessThanOrEqual(200);
      }
    }
  });

  it('names the staff of every syllabus that states them', () => {
    for (const [course, list] of facts) {
      if (NO_STAFF_STATED.has(course)) continue;
      expect(
        list.some((f) => f.kind === 'staff'),
        course,
      ).toBe(true);
    }
  });

  it('reads no rule about weights as a component, and no weight of 100% or more', () => {
    for (const [course, list] of facts) {
      for (const f of list.filter((x) => x.kind === 'grading')) {
        expect(f.subject, course).not.toMatch(/\b(?:will|below|than|guarantees|penalized)\b/i);
        expect(Number(/^(\d+(?:\.\d+)?)%$/.exec(f.value)?.[1] ?? 0), course).toBeLessThan(100);
      }
    }
  });

  it('reads grading weights in most courses and a policy in nearly all', () => {
    const with_ = (kind: string) =>
      [...facts.values()].filter((l) => l.some((f) => f.kind === kind)).length;
    expect(with_('grading')).toBeGreaterThanOrEqual(27);
    expect(with_('policy')).toBeGreaterThanOrEqual(32);
    expect(with_('grade_scale')).toBeGreaterThanOrEqual(14);
    expect(with_('meeting')).toBeGreaterThanOrEqual(20);
  });

  it('reads what the syllabi state, in each layout', () => {
    // markdown table with an empty header (label | value)
    expect(has('uky-bio540-fa24', 'staff', 'Dr. Jeremy Van Cleve', 'office', '216 THM')).toBe(true);
    expect(has('uky-bio540-fa24', 'meeting', 'Lecture', 'place', 'JSB 347')).toBe(true);
    // DOCX labelled lines
    expect(has('mun-biol3295-wi23', 'meeting', 'Lecture', 'place', 'SN3060')).toBe(true);
    expect(has('mun-biol3295-wi23', 'staff', 'Dr. Amy Hurford', 'email', 'ahurford@mun.ca')).toBe(
      true,
    );
    // DOCX table rows
    expect(has('rpi-ecse4750-fa15', 'grading', 'Homework', 'weight', '25%')).toBe(true);
    // markdown bold labels without colons, and a [93,100] A scale
    expect(
      has('hawaii-math244-sp19', 'staff', 'Kameryn Williams', 'office_hours', 'MWTh 10:30–11:30'),
    ).toBe(true);
    expect(has('hawaii-math244-sp19', 'grade_scale', 'A', 'range', '[93,100]')).toBe(true);
    // horizontal markdown grade scale
    expect(has('csun-econ310-fa26', 'grade_scale', 'A-', 'range', '92-90')).toBe(true);
    // pandoc simple table whose spacing extraction collapsed
    expect(
      has('georgetowncollege-phi151-fa16', 'grading', 'Reading Quizzes', 'weight', '40%'),
    ).toBe(true);
    // PDF text: weights run together on one line, a title-case heading, "Role Name Label:" lines
    expect(has('pku-sciwriting-sp24', 'grading', 'Final paper assignment', 'weight', '50%')).toBe(
      true,
    );
    expect(has('hkust-acct3210-sp25', 'grading', 'Final Exam', 'weight', '50%')).toBe(true);
    expect(has('rpi-ecse4750-fa15', 'meeting', 'Lecture', 'place', 'LOW 4030')).toBe(true);
    expect(has('pku-sciwriting-sp24', 'staff', 'Samuel Sklar', 'role', 'TA')).toBe(true);
    // pandoc definition list
    expect(has('loyola-engl106-sp04', 'meeting', 'Lecture', 'place', 'Mundelein Center 605')).toBe(
      true,
    );
  });
});
