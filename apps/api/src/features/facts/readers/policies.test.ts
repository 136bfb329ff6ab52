import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { readPolicies } from './policies.ts';

const policies = (...lines: string[]) =>
  readPolicies(readDocument(lines.join('\n'))).map((f) => `${f.subject}: ${f.value}`);

describe('readPolicies', () => {
  it('reads the first two sentences of a section its heading names', () => {
    expect(
      policies(
        '## Late Work',
        'Late assignments lose 10% per day. Nothing is accepted after three days. Ask early.',
      ),
    ).toEqual(['late: Late assignments lose 10% per day. Nothing is accepted after three days.']);
  });

  it('reads a policy a short label names, and one stated in a sentence of prose', () => {
    expect(
      policies(
        'Attendance: Attendance is taken at every lecture and counts toward participation.',
        '',
        'Readings will be posted online. Late papers will be penalized one third of a letter grade per day.',
      ),
    ).toEqual([
      'attendance: Attendance is taken at every lecture and counts toward participation.',
      'late: Late papers will be penalized one third of a letter grade per day.',
    ]);
  });

  it('reads each policy once, from where it is first named', () => {
    expect(
      policies(
        '## Late Work',
        'No late work is accepted at all.',
        '## Late Work',
        'Late work is fine.',
      ),
    ).toEqual(['late: No late work is accepted at all.']);
  });

  it('reads no policy from a short mention, or a sentence that states none', () => {
    expect(policies('Late work: no.')).toEqual([]);
    expect(policies('No late work.', 'We will meet late in the afternoon on Fridays.')).toEqual([]);
  });
});
