import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { readKeyDates } from './key-dates.ts';

const keyDates = (...lines: string[]) =>
  readKeyDates(readDocument(lines.join('\n'))).map((f) => `${f.subject} @ ${f.value}`);

describe('readKeyDates', () => {
  it('reads the dated rows of a schedule that say something happens, not exams', () => {
    expect(
      keyDates(
        'Date | Description',
        'Sept 8 | Intro and overview',
        'Oct 13 | No class, Monday Schedule',
        'Oct 20 | Mid-term Exam',
        'Dec 8 | Final project due',
      ),
    ).toEqual(['No class, Monday Schedule @ Oct 13', 'Final project due @ Dec 8']);
  });

  it('labels a key date of a schedule row by the part that says what happens', () => {
    expect(
      keyDates(
        '| Date | Topic | Work |',
        '| --- | --- | --- |',
        '| January 7 | Local methods | In-class exercises – Assignment 1 due at the start of class |',
        '',
        '| Week | Date | Topic |',
        '| --- | --- | --- |',
        '| 2 | Jan 13 | Spring Break – no class |',
        '',
        '### Essay 1',
        '',
        'This assignment is due Tuesday, Feb. 17.',
      ),
    ).toEqual([
      'Assignment 1 due at the start of class @ January 7',
      'Spring Break – no class @ Jan 13',
      'Essay 1: This assignment is due. @ Tuesday, Feb. 17',
    ]);
  });

  it('reads no key date from a weekly topic, a flattened schedule or a heading', () => {
    expect(keyDates('Sept 15: Population growth models')).toEqual([]);
    expect(
      keyDates('Sept 8 intro Sept 15 project proposal due Sept 22 paper due Sept 29 review'),
    ).toEqual([]);
    expect(keyDates('## Project due Dec 8')).toEqual([]);
  });
});
