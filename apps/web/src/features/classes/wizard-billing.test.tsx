import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClassCreationCheck } from '@app/contracts';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { stubDialog } from '@/test/browser-dialogs';
import { makeClass, makeContent } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const NEXT_YEAR = new Date().getFullYear() + 1;

/** The validate-class-creation requests, by their query (the season asked about). */
function validationQueries(): Record<string, string>[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/billing/validate-class-creation')
    .map((url) => Object.fromEntries(url.searchParams));
}

describe('the wizard checks billing for the semester of the class it makes', () => {
  it("a full Fall does not stop a Spring class; Spring's own add-on is bought for Spring", async () => {
    const user = makeUser();
    seedSession(user);
    const fallFull: ClassCreationCheck = {
      can_create: false,
      cost: 6,
      message: 'You have used all 3 classes included in Fall 2026. An add-on class costs $6.00.',
      season_name: 'Fall 2026',
      refusal: 'CLASS_LIMIT_REACHED',
    };
    const springFull: ClassCreationCheck = {
      ...fallFull,
      message: `You have used all 3 classes included in Spring ${NEXT_YEAR}. An add-on class costs $6.00.`,
      season_name: `Spring ${NEXT_YEAR}`,
    };
    let checks = 0;
    const created = makeClass({ class_name: 'Genetics', semester: 'Spring', year: NEXT_YEAR });
    const calls = mockApi({
      'GET /auth/profile': ok({ user }),
      'GET /classes': ok({
        classes: [makeClass({ class_name: 'Biology' })],
        billing_summary: makeUsage({ next_class: 'addon', next_class_cost: 6 }),
      }),
      'GET /billing/validate-class-creation': () => ok(checks++ === 0 ? fallFull : springFull),
      'POST /billing/payment/purchase-addon': ok(makeUsage()),
      'POST /classes': { status: 201, body: { success: true, data: created } },
      'POST /content/syllabus': {
        status: 201,
        body: { success: true, data: { content: makeContent() } },
      },
    });
    const confirm = stubDialog('confirm', true);

    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /Create New Class/ }));
    // the semester is not chosen yet: nothing is bought for this one
    const w = within(await screen.findByRole('dialog', { name: 'Create New Class' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(validationQueries()).toEqual([{}]);

    await userEvent.type(w.getByLabelText('Class name'), 'Genetics');
    await userEvent.selectOptions(w.getByLabelText('Semester'), 'Spring');
    await userEvent.selectOptions(w.getByLabelText('Year'), String(NEXT_YEAR));
    await userEvent.click(w.getByRole('button', { name: 'Paste text' }));
    await userEvent.type(w.getByLabelText('Syllabus text'), 'Week 1: genes');
    await userEvent.click(w.getByRole('button', { name: 'Next' }));
    await w.findByText('Step 2 of 3: Additional content');

    expect(validationQueries()).toEqual([{}, { semester: 'Spring', year: String(NEXT_YEAR) }]);
    expect(confirm).toHaveBeenCalledExactlyOnceWith(
      `${springFull.message} This will cost $6.00. Do you want to continue?`,
    );
    const bought = calls.filter((c) => c.path === '/billing/payment/purchase-addon');
    expect(bought.map((c) => c.body)).toEqual([
      { class_count: 1, season_name: `Spring ${NEXT_YEAR}` },
    ]);
    // bought before the class is made
    const order = calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf('POST /billing/payment/purchase-addon')).toBeLessThan(
      order.indexOf('POST /classes'),
    );
  });

  it('declining the cost makes no class', async () => {
    const user = makeUser();
    seedSession(user);
    const calls = mockApi({
      'GET /auth/profile': ok({ user }),
      'GET /classes': ok({ classes: [], billing_summary: makeUsage() }),
      'GET /billing/validate-class-creation': ok({
        can_create: false,
        cost: 6,
        message: 'You have used all 3 classes included in Fall 2026. An add-on class costs $6.00.',
        season_name: 'Fall 2026',
        refusal: 'CLASS_LIMIT_REACHED',
      }),
    });
    stubDialog('confirm', false);
    renderApp('/dashboard');
    const w = within(await screen.findByRole('dialog', { name: 'Create New Class' }));
    await userEvent.type(w.getByLabelText('Class name'), 'Biology');
    await userEvent.click(w.getByRole('button', { name: 'Paste text' }));
    await userEvent.type(w.getByLabelText('Syllabus text'), 'Week 1: cells');
    await userEvent.click(w.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() =>
      expect(validationQueries()).toContainEqual({
        semester: 'Fall',
        year: String(NEXT_YEAR - 1),
      }),
    );
    expect(w.getByText('Step 1 of 3: Class info & syllabus')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
