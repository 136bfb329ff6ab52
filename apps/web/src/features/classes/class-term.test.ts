import { describe, expect, it } from 'vitest';
import { DATE_MESSAGES } from '@app/contracts';
import { termDefaults } from './class-term';
import { WIZARD_CLASS_DEFAULTS, draftClassInfo, wizardClassPayload } from './wizard/wizard-rules';

describe('termDefaults', () => {
  it.each([
    ['Fall', 2025, '2025-08-25', '2025-12-15'],
    ['Spring', 2026, '2026-01-12', '2026-05-08'],
    ['Summer', 2026, '2026-05-26', '2026-08-07'],
    ['Winter', 2027, '2027-01-05', '2027-03-20'],
  ] as const)('%s %i runs %s to %s', (semester, year, start, end) => {
    expect(termDefaults(semester, year)).toEqual({ start, end });
    // the form holds the year as text
    expect(termDefaults(semester, String(year))).toEqual({ start, end });
  });

  it('is null without a semester or a year', () => {
    expect(termDefaults('', 2025)).toBeNull();
    expect(termDefaults(null, 2025)).toBeNull();
    expect(termDefaults('Fall', null)).toBeNull();
    expect(termDefaults('Fall', '')).toBeNull();
    expect(termDefaults('Winter', undefined)).toBeNull();
  });
});

describe('the wizard class fields with a term', () => {
  const base = { ...WIZARD_CLASS_DEFAULTS, class_name: 'Bio' };

  it('starts with this year’s Fall term and the browser’s time zone', () => {
    const year = new Date().getFullYear();
    expect(WIZARD_CLASS_DEFAULTS.term_start).toBe(`${year}-08-25`);
    expect(WIZARD_CLASS_DEFAULTS.term_end).toBe(`${year}-12-15`);
    expect(WIZARD_CLASS_DEFAULTS.time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('sends the term and zone; empty days are left to the server', () => {
    expect(
      wizardClassPayload({
        ...base,
        term_start: '2025-09-02',
        term_end: '2025-12-19',
        time_zone: 'America/Chicago',
      }).payload,
    ).toMatchObject({
      term_start: '2025-09-02',
      term_end: '2025-12-19',
      time_zone: 'America/Chicago',
    });
    expect(wizardClassPayload({ ...base, term_start: '', term_end: '' }).payload).toMatchObject({
      term_start: null,
      term_end: null,
    });
  });

  it('refuses a term that ends before it starts, with the contract’s message', () => {
    expect(
      wizardClassPayload({ ...base, term_start: '2025-12-15', term_end: '2025-08-25' }).problem,
    ).toBe(DATE_MESSAGES.termOrder);
    // one day is a term
    expect(
      wizardClassPayload({ ...base, term_start: '2025-12-15', term_end: '2025-12-15' }).payload,
    ).toBeDefined();
  });

  it('refuses a day that is not one and an unknown time zone', () => {
    expect(wizardClassPayload({ ...base, term_start: '2025-02-30' }).problem).toBe(
      DATE_MESSAGES.badDate,
    );
    expect(wizardClassPayload({ ...base, time_zone: 'Mars/Olympus' }).problem).toBe(
      DATE_MESSAGES.badTimeZone,
    );
  });

  it('gives an older draft the term of its own semester and year', () => {
    const info = draftClassInfo({ class_name: 'Bio', semester: 'Spring', year: '2027' });
    expect(info).toMatchObject({ term_start: '2027-01-12', term_end: '2027-05-08' });
    expect(info.time_zone).toBe(WIZARD_CLASS_DEFAULTS.time_zone);
    // a draft's own days stay, also when emptied
    expect(
      draftClassInfo({ semester: 'Spring', year: '2027', term_start: '', term_end: '2027-06-01' }),
    ).toMatchObject({ term_start: '', term_end: '2027-06-01' });
  });
});
