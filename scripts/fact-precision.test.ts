import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACT_KINDS, type FactKind } from '@app/contracts';
import { isStatedKind, STATED_FACT_KINDS } from '../apps/api/src/features/answering/fact-trust.ts';
import {
  factKey,
  MIN_LABELS_TO_STATE,
  precisionByKind,
  sampleFacts,
  sampleQuotas,
  statedKinds,
  type FactId,
  type FactLabel,
  type LabelFile,
} from './lib/fact-precision.ts';

const fact = (kind: FactKind, value: string, course = 'c1'): FactId => ({
  course,
  kind,
  subject: 'Instructor',
  attribute: 'x',
  value,
});
const label = (f: FactId, correct: boolean): FactLabel => ({
  ...f,
  source: `line of ${f.value}`,
  correct,
  note: correct ? '' : 'wrong',
});
const zeros = () => Object.fromEntries(FACT_KINDS.map((k) => [k, 0])) as Record<FactKind, number>;

describe('precisionByKind', () => {
  it('counts labelled and correct facts per kind, and states a kind at 97% or more', () => {
    const labels = [
      ...Array.from({ length: 97 }, (_, i) => label(fact('grading', `ok${i}`), true)),
      ...Array.from({ length: 3 }, (_, i) => label(fact('grading', `bad${i}`), false)),
      ...Array.from({ length: 96 }, (_, i) => label(fact('staff', `ok${i}`), true)),
      ...Array.from({ length: 4 }, (_, i) => label(fact('staff', `bad${i}`), false)),
    ];
    const report = precisionByKind(labels);
    const grading = report.kinds.find((k) => k.kind === 'grading')!;
    const staff = report.kinds.find((k) => k.kind === 'staff')!;
    expect(grading).toMatchObject({ labelled: 100, correct: 97, precision: 0.97, stated: true });
    expect(staff).toMatchObject({ labelled: 100, correct: 96, precision: 0.96, stated: false });
    expect(report).toMatchObject({ labelled: 200, correct: 193, precision: 193 / 200 });
    expect(statedKinds(report)).toEqual(['grading']);
  });

  it('does not state a kind without labels, nor one measured on too few', () => {
    const few = Array.from({ length: MIN_LABELS_TO_STATE - 1 }, (_, i) =>
      label(fact('meeting', `MWF${i}`), true),
    );
    const report = precisionByKind(few);
    const exam = report.kinds.find((k) => k.kind === 'exam')!;
    expect(exam).toMatchObject({ labelled: 0, precision: null, stated: false });
    const meeting = report.kinds.find((k) => k.kind === 'meeting')!;
    expect(meeting).toMatchObject({ precision: 1, stated: false });
    const enough = precisionByKind([...few, label(fact('meeting', 'TTh'), true)]);
    expect(statedKinds(enough)).toEqual(['meeting']);
  });

  it('lists a label whose fact is no longer produced as stale, outside the precision', () => {
    const kept = fact('grading', '20%');
    const gone = fact('grading', '25%');
    const report = precisionByKind([label(kept, true), label(gone, false)], [kept]);
    const grading = report.kinds.find((k) => k.kind === 'grading')!;
    expect(grading).toMatchObject({ labelled: 1, correct: 1, precision: 1, stale: 1 });
    expect(report.stale.map(factKey)).toEqual([factKey(gone)]);
  });

  it('matches facts by course, kind, subject, attribute and value', () => {
    const a = fact('staff', 'a@x.edu', 'c1');
    const report = precisionByKind(
      [label(a, true)],
      [
        { ...a, course: 'c2' },
        { ...a, attribute: 'phone' },
        { ...a, value: 'A@x.edu' },
      ],
    );
    expect(report.stale).toHaveLength(1);
  });
});

describe('the sample', () => {
  it('takes every fact of a small kind, at least the minimum of the others, the rest in proportion', () => {
    const counts = { ...zeros(), corequisite: 1, prerequisite: 21, meeting: 53, staff: 146 };
    counts.grade_scale = 158;
    const quota = sampleQuotas(counts, 150, 25);
    expect(quota.corequisite).toBe(1);
    expect(quota.prerequisite).toBe(21);
    expect(quota.meeting).toBe(25);
    expect(quota.staff + quota.grade_scale).toBe(150 - 1 - 21 - 25);
    expect(quota.grade_scale).toBeGreaterThan(quota.staff);
    expect(quota.exam).toBe(0);
  });

  it('is the same for a seed whatever the order of the facts, and spreads over courses', () => {
    const facts = ['a', 'b', 'c', 'd'].flatMap((course) =>
      Array.from({ length: 20 }, (_, i) => fact(i % 2 ? 'staff' : 'grading', `v${i}`, course)),
    );
    const one = sampleFacts(facts, 7, 20, 5).map(factKey);
    const two = sampleFacts([...facts].reverse(), 7, 20, 5).map(factKey);
    expect(one).toEqual(two);
    expect(one).toHaveLength(20);
    expect(new Set(sampleFacts(facts, 7, 20, 5).map((f) => f.course)).size).toBe(4);
    expect(sampleFacts(facts, 8, 20, 5).map(factKey)).not.toEqual(one);
  });
});

describe('eval/fact-labels.json', () => {
  const file = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../eval/fact-labels.json'), 'utf8'),
  ) as LabelFile;
  const report = precisionByKind(file.labels);

  it('holds at least 300 hand labels, every kind at least once, each fact once', () => {
    expect(file.labels.length).toBeGreaterThanOrEqual(300);
    for (const kind of FACT_KINDS)
      expect(
        file.labels.some((l) => l.kind === kind),
        kind,
      ).toBe(true);
    expect(new Set(file.labels.map(factKey)).size).toBe(file.labels.length);
    expect(file.sample).toMatchObject({ seed: expect.any(Number), by: expect.any(String) });
  });

  it('says why every wrong label is wrong', () => {
    const silent = file.labels.filter((l) => !l.correct && l.note.trim() === '');
    expect(silent).toEqual([]);
  });

  it('STATED_FACT_KINDS is exactly the kinds measured at 97% or more on enough labels', () => {
    expect([...STATED_FACT_KINDS].sort()).toEqual(statedKinds(report).sort());
    for (const kind of FACT_KINDS)
      expect(isStatedKind(kind), kind).toBe(STATED_FACT_KINDS.includes(kind));
  });
});
