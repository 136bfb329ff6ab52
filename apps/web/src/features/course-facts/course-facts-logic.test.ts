import { describe, expect, it } from 'vitest';
import type { CourseFact } from '@app/contracts';
import {
  attributeLabel,
  canConfirm,
  groupFacts,
  isConfirmed,
  subjectLabel,
  teacherBadge,
  toAttribute,
} from './course-facts-logic';
import { makeFact } from './course-facts-fixtures';

describe('course facts logic', () => {
  it('labels attributes and subjects as a teacher reads them, and back', () => {
    expect(attributeLabel('office_hours')).toBe('Office hours');
    expect(attributeLabel('email')).toBe('Email');
    expect(toAttribute(' Office hours ')).toBe('office_hours');
    expect(toAttribute('E-mail')).toBe('e_mail');
    expect(toAttribute('2024')).toBe('');
    expect(subjectLabel('ai')).toBe('AI use');
    expect(subjectLabel('accommodations')).toBe('Accommodations');
    expect(subjectLabel('Dr. Kung')).toBe('Dr. Kung');
  });

  it('groups by kind in the fixed order, a correction in place of its fact, hidden facts left out', () => {
    const office = makeFact({ kind: 'staff', subject: 'Dr. Kung', attribute: 'office' });
    const correction = makeFact({
      kind: 'staff',
      subject: 'Dr. Kung',
      attribute: 'office',
      value: 'THM 300',
      origin: 'teacher',
      overrides_id: office.id,
      source: null,
    });
    const email = makeFact({ kind: 'staff', subject: 'Dr. Kung', attribute: 'email' });
    const hidden = makeFact({ kind: 'grading', status: 'hidden' });
    const added = makeFact({ kind: 'key_date', origin: 'teacher', source: null });
    const meeting = makeFact({ kind: 'meeting', subject: 'Lecture', attribute: 'place' });
    const facts: CourseFact[] = [
      { ...office, status: 'overridden', overridden_by: correction.id },
      email,
      correction,
      hidden,
      added,
      meeting,
    ];

    const groups = groupFacts(facts);
    expect(groups.map((g) => g.label)).toEqual([
      'Meeting times and places',
      'Instructors and TAs',
      'Key dates',
    ]);
    const staff = groups[1]!.entries;
    expect(staff.map((e) => [e.fact.id, e.original?.id ?? null])).toEqual([
      [correction.id, office.id],
      [email.id, null],
    ]);
    expect(staff.map(teacherBadge)).toEqual(['Your correction', null]);
    expect(teacherBadge(groups[2]!.entries[0]!)).toBe('Added by you');
  });

  it('a correction that keeps the extracted value is a confirmation; only an extracted fact in use can be confirmed', () => {
    const office = makeFact({
      kind: 'staff',
      subject: 'Dr. Kung',
      attribute: 'office',
      value: 'THM 216',
    });
    const confirmation = makeFact({
      kind: 'staff',
      subject: 'Dr. Kung',
      attribute: 'office',
      value: 'THM 216 ',
      origin: 'teacher',
      overrides_id: office.id,
      source: null,
    });
    const [confirmed] = groupFacts([
      { ...office, status: 'overridden', overridden_by: confirmation.id },
      confirmation,
    ])[0]!.entries;
    expect(isConfirmed(confirmed!)).toBe(true);
    expect(teacherBadge(confirmed!)).toBe('Confirmed');
    expect(canConfirm(confirmed!)).toBe(false);

    const extracted = { fact: office, original: null };
    expect(canConfirm(extracted)).toBe(true);
    expect(isConfirmed(extracted)).toBe(false);
    expect(canConfirm({ fact: { ...office, status: 'hidden' as const }, original: null })).toBe(
      false,
    );
    const added = { fact: makeFact({ origin: 'teacher', source: null }), original: null };
    expect(canConfirm(added)).toBe(false);
    expect(isConfirmed(added)).toBe(false);
  });
});
