import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@app/contracts';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { makeClass } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { DRAFT_KEY } from './use-wizard-draft';
import { WIZARD_CLASS_DEFAULTS } from './wizard-rules';

/** The wizard as it opens (issue 31): School is the teacher's institution; a draft is what was typed. */

const RESTORED = 'We restored your unfinished class draft.';

/** A teacher with one class, so the wizard opens from Create New Class (not by itself). */
function setup(teacher: User = makeUser()) {
  seedSession(teacher);
  mockApi({
    'GET /auth/profile': ok({ user: teacher }),
    'GET /classes': ok({
      classes: [makeClass({ class_name: 'Biology' })],
      billing_summary: makeUsage(),
    }),
    'GET /billing/validate-class-creation': ok({ can_create: true, cost: 0, message: 'ok' }),
  });
  return teacher;
}

async function openWizard() {
  await userEvent.click(await screen.findByRole('button', { name: /Create New Class/ }));
  return within(await screen.findByRole('dialog', { name: 'Create New Class' }));
}

async function closeWizard() {
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('the create wizard for this teacher', () => {
  it('School starts as the institution the teacher gave at sign-up, and again after Start over', async () => {
    setup(makeUser({ institution: 'Riverside Community College' }));
    renderApp('/dashboard');
    const w = await openWizard();
    expect(w.getByLabelText(/^School/)).toHaveValue('Riverside Community College');

    await userEvent.type(w.getByLabelText('Class name'), 'Genetics');
    await userEvent.clear(w.getByLabelText(/^School/));
    await closeWizard();
    const again = await openWizard();
    expect(again.getByText(RESTORED)).toBeInTheDocument();
    expect(again.getByLabelText(/^School/)).toHaveValue('');
    await userEvent.click(again.getByRole('button', { name: 'Start over' }));
    expect(again.getByLabelText(/^School/)).toHaveValue('Riverside Community College');
  });

  it('a teacher who gave no institution starts with School empty', async () => {
    setup(makeUser({ institution: null }));
    renderApp('/dashboard');
    const w = await openWizard();
    expect(w.getByLabelText(/^School/)).toHaveValue('');
  });
});

describe('the restored-draft message', () => {
  it('opening the wizard and closing it untouched keeps no draft: it opens again as new', async () => {
    setup();
    renderApp('/dashboard');
    const w = await openWizard();
    expect(w.queryByText(RESTORED)).toBeNull();
    // focus moves through the fields (each move saves) without typing anything
    await userEvent.tab();
    await userEvent.tab();
    await closeWizard();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();

    const again = await openWizard();
    expect(again.queryByText(RESTORED)).toBeNull();
    expect(again.queryByRole('button', { name: 'Start over' })).toBeNull();
  });

  it('a saved draft holding only the defaults is not offered as restored', async () => {
    const teacher = setup();
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        owner: teacher.id,
        step: 1,
        classInfo: { ...WIZARD_CLASS_DEFAULTS, school: teacher.institution },
        syllabus: { title: '', content: '' },
        additionalContent: [],
        testQuestions: [],
        testResponses: {},
        id: null,
      }),
    );
    renderApp('/dashboard');
    const w = await openWizard();
    expect(w.queryByText(RESTORED)).toBeNull();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('what the teacher typed is a draft, restored with the message', async () => {
    setup();
    renderApp('/dashboard');
    const w = await openWizard();
    await userEvent.type(w.getByLabelText(/^Course code/), 'BIO 2');
    await closeWizard();
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).classInfo.course_code).toBe('BIO 2');

    const again = await openWizard();
    expect(again.getByText(RESTORED)).toBeInTheDocument();
    expect(again.getByLabelText(/^Course code/)).toHaveValue('BIO 2');
  });
});
