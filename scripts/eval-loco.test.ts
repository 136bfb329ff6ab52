import { describe, expect, it } from 'vitest';
import {
  atThreshold,
  bestThreshold,
  crossFit,
  isMisleading,
  leaveOneCourseOut,
  ratesAt,
  recalibrate,
  type RawResult,
} from './eval-loco.ts';

const answerable = (course: string, confidence: number, right: boolean): RawResult => ({
  course,
  question: {
    id: 'a',
    question: 'how much is the final worth?',
    answerable: true,
    answers: ['25%'],
  },
  reply: { response: right ? 'The final is 25%.' : 'Labs are 30%.', source_type: 'syllabus' },
  confidence,
});
const unanswerable = (course: string, confidence: number): RawResult => ({
  course,
  question: { id: 'u', question: 'is there parking?', answerable: false },
  reply: { response: 'Parking is not…', source_type: 'syllabus' },
  confidence,
});

describe('a reply at a threshold', () => {
  it('declines below it and keeps the reply at or above it', () => {
    const r = answerable('c', 0.4, true);
    expect(atThreshold(r, 0.5).source_type).toBe('other');
    expect(atThreshold(r, 0.4).source_type).toBe('syllabus');
  });

  it('leaves a reply without a confidence as it was', () => {
    const r = { ...answerable('c', 0, true), confidence: null };
    expect(atThreshold(r, 0.9).source_type).toBe('syllabus');
  });

  it('counts a wrong answer shown as right as misleading, and a decline never', () => {
    const wrong = answerable('c', 0.9, false);
    expect(isMisleading(wrong.question, wrong.reply)).toBe(true);
    expect(isMisleading(wrong.question, atThreshold(wrong, 1))).toBe(false);
  });
});

describe('choosing the threshold', () => {
  const results = [
    answerable('a', 0.9, true),
    answerable('a', 0.3, false),
    unanswerable('a', 0.2),
    answerable('b', 0.8, true),
    unanswerable('b', 0.25),
  ];

  it('rates accuracy and misleading at a threshold', () => {
    expect(ratesAt(results, 0)).toEqual({ accuracy: 0.4, misleading: 0.6, total: 5 });
    expect(ratesAt(results, 0.5)).toEqual({ accuracy: 0.8, misleading: 0, total: 5 });
    expect(ratesAt(results, 0.22)).toEqual({ accuracy: 0.6, misleading: 0.4, total: 5 });
  });

  it('picks the lowest threshold with the best accuracy less the cost of misleading', () => {
    const t = bestThreshold(results, 2);
    expect(t).toBeGreaterThan(0.3);
    expect(t).toBeLessThanOrEqual(0.8);
    expect(ratesAt(results, t).misleading).toBe(0);
  });

  it('scores each course at the threshold fitted on the others', () => {
    // fitted on course a alone, the threshold declines b's unanswerable question
    const loco = leaveOneCourseOut(results, 2);
    const b = loco.courses.find((c) => c.course === 'b')!;
    expect(b.threshold).toBeGreaterThan(0.3);
    expect(b.threshold).toBeLessThan(0.31);
    expect(b.accuracy).toBe(1);
    expect(loco.accuracy).toBeCloseTo((loco.courses[0]!.accuracy + b.accuracy) / 2);
  });
});

describe('recalibration', () => {
  it('keeps the calibration when confidences already match how often replies are right', () => {
    const results: RawResult[] = [];
    for (let i = 0; i < 100; i++) results.push(answerable('c', 0.8, i < 80));
    for (let i = 0; i < 100; i++) results.push(answerable('c', 0.3, i < 30));
    const fitted = recalibrate(results, { slope: 4, offset: 0 });
    expect(fitted.slope).toBeCloseTo(4, 0);
    expect(Math.abs(fitted.offset)).toBeLessThan(0.2);
  });
});

describe('a threshold fitted on one data set, scored on another', () => {
  it('fits on the first and reports the rates of the second at that threshold', () => {
    // on the first set, replies below 0.5 are wrong: the fit declines them
    const fitOn = [
      answerable('a', 0.9, true),
      answerable('a', 0.3, false),
      answerable('b', 0.8, true),
      answerable('b', 0.2, false),
    ];
    const scoreOn = [answerable('c', 0.7, true), answerable('c', 0.25, true)];
    const fit = crossFit(fitOn, scoreOn, 2);
    expect(fit.threshold).toBeGreaterThan(0.3);
    expect(fit.threshold).toBeLessThanOrEqual(0.7);
    expect(fit.accuracy).toBe(0.5); // the second reply is declined there
    expect(fit.misleading).toBe(0);
    expect(fit.total).toBe(2);
  });

  it('flips a quotation below the threshold to none, and never counts it misleading', () => {
    const quoted = {
      ...answerable('c', 0.3, false),
      reply: { response: 'Labs are 30%.', source_type: 'syllabus', kind: 'excerpt' as const },
    };
    expect(atThreshold(quoted, 0.5)).toMatchObject({ kind: 'none', source_type: 'other' });
    expect(ratesAt([quoted], 0).misleading).toBe(0);
    expect(
      ratesAt([{ ...quoted, reply: { ...quoted.reply, kind: 'answer' as const } }], 0).misleading,
    ).toBe(1);
  });
});
