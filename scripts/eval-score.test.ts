import { describe, expect, it } from 'vitest';
import {
  charLength,
  containsWhole,
  isMisleading,
  MAX_RESPONSE_CHARS,
  normalise,
  scoreQuestion,
  tally,
  type EvalQuestion,
} from './eval-score.ts';

const answerable: EvalQuestion = {
  id: 'q1',
  question: 'how much is the final worth?',
  answerable: true,
  answers: ['25%', '25 percent'],
};
const unanswerable: EvalQuestion = {
  id: 'q2',
  question: 'is there a parking permit for students?',
  answerable: false,
};

describe('normalise', () => {
  it('applies NFKC and lower case', () => {
    expect(normalise('Ｆｉｎａｌ ﬁve ２５％')).toBe('final five 25%');
  });

  it('turns every run of whitespace into one space', () => {
    expect(normalise('ten\n\n late\t\u00a0days')).toBe('ten late days');
  });

  it('removes Markdown emphasis and table marks', () => {
    expect(normalise('**Final** _exam_ `25%`')).toBe('final exam 25%');
    expect(normalise('|#Grades>|')).toBe('grades');
  });
});

describe('containsWhole', () => {
  it("does not match '5%' inside '25%'", () => {
    expect(containsWhole('the final is 25% of the grade', '5%')).toBe(false);
  });

  it("does not match 'two' inside 'network'", () => {
    expect(containsWhole('a network of nodes', 'two')).toBe(false);
  });

  it('matches at the edges and next to punctuation', () => {
    expect(containsWhole('5% off', '5%')).toBe(true);
    expect(containsWhole('worth (5%).', '5%')).toBe(true);
    expect(containsWhole('worth 5%', '5%')).toBe(true);
  });

  it('finds a whole occurrence after a partial one', () => {
    expect(containsWhole('25% then 5%', '5%')).toBe(true);
  });

  it('treats non-ASCII letters as letters', () => {
    expect(containsWhole('élève', 'lève')).toBe(false);
  });

  it('takes regular-expression characters literally', () => {
    expect(containsWhole('see section (a)', '(a)')).toBe(true);
    expect(containsWhole('aaa', 'a+')).toBe(false);
  });

  it('never matches an empty needle', () => {
    expect(containsWhole('anything', '')).toBe(false);
  });
});

describe('scoreQuestion', () => {
  it('accepts a short answer from the material that contains an accepted answer', () => {
    expect(
      scoreQuestion(answerable, { response: 'It is worth 25%.', source_type: 'syllabus' }),
    ).toEqual({ correct: true, reason: null });
    expect(
      scoreQuestion(answerable, { response: '25 Percent', source_type: 'content' }).correct,
    ).toBe(true);
  });

  it('normalises the reply before matching (NFKC and Markdown marks)', () => {
    const reply = { response: 'The final is **２５％** of your grade.', source_type: 'syllabus' };
    expect(scoreQuestion(answerable, reply).correct).toBe(true);
  });

  it('misses when no accepted answer occurs as a whole', () => {
    expect(scoreQuestion(answerable, { response: 'It is 125%.', source_type: 'syllabus' })).toEqual(
      { correct: false, reason: 'not found' },
    );
  });

  it('fails a reply of 701 characters but not one of 700', () => {
    const reply = (length: number) => ({
      response: `25% ${'x'.repeat(length - 4)}`,
      source_type: 'syllabus',
    });
    expect(reply(701).response).toHaveLength(MAX_RESPONSE_CHARS + 1);
    expect(scoreQuestion(answerable, reply(701))).toEqual({ correct: false, reason: 'too long' });
    expect(scoreQuestion(answerable, reply(700)).correct).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(charLength('😀'.repeat(700))).toBe(700);
    const reply = { response: `25% ${'😀'.repeat(696)}`, source_type: 'syllabus' };
    expect(scoreQuestion(answerable, reply).correct).toBe(true);
  });

  it("fails an answerable question answered from source 'other'", () => {
    // a server without kinds: source 'other' says the material does not cover it
    expect(scoreQuestion(answerable, { response: 'It is 25%.', source_type: 'other' })).toEqual({
      correct: false,
      reason: 'declined',
    });
    const quoted = { response: 'It is 25%.', source_type: 'other', kind: 'excerpt' as const };
    expect(scoreQuestion(answerable, quoted)).toEqual({ correct: false, reason: 'source other' });
  });

  it('counts an answer or an excerpt that holds the answer right, and none wrong', () => {
    for (const kind of ['answer', 'excerpt'] as const)
      expect(
        scoreQuestion(answerable, {
          response: '> The final is **25%**.',
          source_type: 'syllabus',
          kind,
        }),
      ).toEqual({ correct: true, reason: null });
    expect(
      scoreQuestion(answerable, { response: 'Not covered.', source_type: 'other', kind: 'none' }),
    ).toEqual({ correct: false, reason: 'declined' });
  });

  it('calls only a wrong answer misleading, not a quotation that misses', () => {
    const wrong = { response: 'The final is 40%.', source_type: 'syllabus' };
    expect(isMisleading(answerable, { ...wrong, kind: 'answer' })).toBe(true);
    expect(isMisleading(answerable, wrong)).toBe(true); // a server without kinds answers
    expect(isMisleading(answerable, { ...wrong, kind: 'excerpt' })).toBe(false);
    expect(isMisleading(unanswerable, { ...wrong, kind: 'excerpt' })).toBe(false);
    expect(isMisleading(unanswerable, { ...wrong, kind: 'answer' })).toBe(true);
    const right = {
      response: 'The final is 25%.',
      source_type: 'syllabus',
      kind: 'answer' as const,
    };
    expect(isMisleading(answerable, right)).toBe(false);
  });

  it('fails an answerable question without a reply', () => {
    expect(scoreQuestion(answerable, { response: '', source_type: null })).toEqual({
      correct: false,
      reason: 'not found',
    });
  });

  it("counts an unanswerable question correct only when the reply is none (source 'other' without kinds)", () => {
    const declined = { response: 'The material does not cover this.', source_type: 'other' };
    expect(scoreQuestion(unanswerable, declined)).toEqual({ correct: true, reason: null });
    expect(scoreQuestion(unanswerable, { ...declined, kind: 'none' }).correct).toBe(true);
    const quoted = {
      response: '> Parking is free.',
      source_type: 'syllabus',
      kind: 'excerpt' as const,
    };
    expect(scoreQuestion(unanswerable, quoted)).toEqual({
      correct: false,
      reason: 'should decline',
    });
    for (const source_type of ['syllabus', 'content', null]) {
      expect(scoreQuestion(unanswerable, { response: 'Parking is free.', source_type })).toEqual({
        correct: false,
        reason: 'should decline',
      });
    }
  });
});

describe('tally', () => {
  it('counts and rounds to one decimal', () => {
    expect(tally([{ correct: true }, { correct: false }, { correct: false }])).toEqual({
      correct: 1,
      total: 3,
      percent: 33.3,
    });
    expect(tally([])).toEqual({ correct: 0, total: 0, percent: 0 });
  });
});
