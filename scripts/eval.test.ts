import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classInput, runEval } from './eval.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const devSets = ['dev.json', 'dev-b.json'].map((f) => path.resolve(root, '../shared/eval', f));
const haveDevSets = devSets.every((set) => existsSync(set));

/**
 * The answer-quality floor: both dev sets through the real server and the public API, as
 * `npm run eval` runs them, judged by the leave-one-course-out numbers (the confidence threshold
 * fitted on the other courses). Raise the levels when the engine improves; never loosen them to
 * make a change pass. The dev sets live beside the repository (`../shared/eval`); a clone without
 * them still runs the floor below.
 */
// percent, extractive, 2026-11-27: answering v3 (decision 013) quotes what it does not state, so a
// miss is an excerpt that does not hold the answer, never a wrong answer
const LEVEL_REACHED = { accuracy: 81.5, misleading: 0 };
const FLOOR = LEVEL_REACHED.accuracy - 3;
const CEILING = LEVEL_REACHED.misleading + 3;

describe.skipIf(!haveDevSets)('answer quality on the dev sets (../shared/eval)', () => {
  it(`stays at or above ${FLOOR}% accuracy with at most ${CEILING}% misleading`, async () => {
    const result = await runEval({ datasets: devSets, log: () => {} });
    const { correct, total } = result.totals.overall;
    expect(result.questions.filter((q) => !q.correct).length).toBe(total - correct);
    const loco = result.loco!;
    const accuracy = 100 * loco.accuracy;
    const misleading = 100 * loco.misleading;
    expect(
      accuracy,
      `leave-one-course-out accuracy ${accuracy.toFixed(1)}%`,
    ).toBeGreaterThanOrEqual(FLOOR);
    expect(
      misleading,
      `leave-one-course-out misleading ${misleading.toFixed(1)}%`,
    ).toBeLessThanOrEqual(CEILING);
  }, 600_000);
});

/**
 * The floor every clone runs: the four courses of the dev sets whose syllabi may be copied
 * (eval/SOURCES.md), 60 questions, at the shipped threshold (four courses are too few to fit one
 * by leaving a course out). Two questions of slack either way, so one changed reply is not a
 * failure but a real regression is.
 */
const IN_REPO = path.resolve(root, 'eval/floor.json');
const IN_REPO_REACHED = { correct: 49, misleading: 0, total: 60 }; // extractive, 2026-11-27 (v3)
const SLACK = 2;

describe('answer quality on the data in the repository (eval/floor.json)', () => {
  it(`answers at least ${IN_REPO_REACHED.correct - SLACK} of ${IN_REPO_REACHED.total} right with at most ${IN_REPO_REACHED.misleading + SLACK} misleading`, async () => {
    const result = await runEval({ datasets: [IN_REPO], log: () => {} });
    const { correct, total } = result.totals.overall;
    expect(total).toBe(IN_REPO_REACHED.total);
    expect(correct).toBeGreaterThanOrEqual(IN_REPO_REACHED.correct - SLACK);
    expect(result.totals.misleading.correct).toBeLessThanOrEqual(
      IN_REPO_REACHED.misleading + SLACK,
    );
  }, 600_000);
});

describe('the class a run creates', () => {
  it("carries every field of the data set's class, course code included", () => {
    const input = classInput({
      class_name: 'Writing II',
      course_code: 'ENGL 106',
      semester: 'Spring',
      year: 2004,
      school: 'Loyola University Chicago',
      department: 'English',
    });
    expect(input).toEqual({
      class_name: 'Writing II',
      course_code: 'ENGL 106',
      school: 'Loyola University Chicago',
      department: 'English',
      semester: 'Spring',
      year: 2004,
    });
  });
});
