import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DATE_MESSAGES, type ClassItem } from '@app/contracts';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { makeClass } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession, type Reply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { EDIT_TEXT } from './edit-class-modal';

type Routes = Record<string, Reply | ((init: RequestInit) => Reply)>;

function setup(classes: ClassItem[], routes: Routes = {}) {
  const user = makeUser();
  seedSession(user);
  return mockApi({
    'GET /auth/profile': ok({ user }),
    'GET /classes': ok({ classes, billing_summary: makeUsage() }),
    'GET /billing/validate-class-creation': ok({ can_create: true, cost: 0, message: 'ok' }),
    ...routes,
  });
}

const card = async (name: string) =>
  within(await screen.findByRole('article', { name }, { timeout: 4000 }));

/** A date input takes its value at once (typing into one goes digit by digit). */
const setDay = (input: HTMLElement, day: string) =>
  fireEvent.change(input, { target: { value: day } });

describe('term and time zone in the wizard', () => {
  it('starts from the semester’s usual term and follows the semester and year until a day is changed', async () => {
    setup([]);
    renderApp('/dashboard');
    const w = within(await screen.findByRole('dialog', { name: 'Create New Class' }));
    const year = new Date().getFullYear();
    const start = w.getByLabelText(/Term starts/);
    const end = w.getByLabelText(/Term ends/);
    expect(start).toHaveValue(`${year}-08-25`);
    expect(end).toHaveValue(`${year}-12-15`);
    expect(w.getByLabelText('Time zone')).toHaveValue(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(
      within(w.getByLabelText('Time zone')).getByRole('option', { name: 'America/New York' }),
    ).toBeInTheDocument();

    await userEvent.selectOptions(w.getByLabelText('Semester'), 'Spring');
    expect(start).toHaveValue(`${year}-01-12`);
    expect(end).toHaveValue(`${year}-05-08`);
    await userEvent.selectOptions(w.getByLabelText('Year'), String(year + 1));
    expect(start).toHaveValue(`${year + 1}-01-12`);

    // a day the teacher set stays; the other still follows
    setDay(start, `${year + 1}-01-20`);
    await userEvent.selectOptions(w.getByLabelText('Semester'), 'Winter');
    expect(start).toHaveValue(`${year + 1}-01-20`);
    expect(end).toHaveValue(`${year + 1}-03-20`);
  });

  it('says when the term ends before it starts, under Term ends, until a day is changed', async () => {
    setup([]);
    renderApp('/dashboard');
    const w = within(await screen.findByRole('dialog', { name: 'Create New Class' }));
    await userEvent.type(w.getByLabelText('Class name'), 'Biology');
    setDay(w.getByLabelText(/Term starts/), '2030-12-20');
    setDay(w.getByLabelText(/Term ends/), '2030-09-01');
    await userEvent.click(w.getByRole('button', { name: 'Next' }));
    const end = w.getByLabelText(/Term ends/);
    await waitFor(() => expect(end).toHaveAccessibleDescription(DATE_MESSAGES.termOrder));
    expect(end).toHaveAttribute('aria-invalid', 'true');
    setDay(end, '2030-12-21');
    expect(w.queryByText(DATE_MESSAGES.termOrder)).toBeNull();
  });
});

describe('Edit class', () => {
  const biology = () =>
    makeClass({
      class_name: 'Biology',
      semester: 'Fall',
      year: new Date().getFullYear(),
      term_start: `${new Date().getFullYear()}-09-02`,
      term_end: `${new Date().getFullYear()}-12-19`,
      time_zone: 'America/Chicago',
    });

  async function openEdit(item: ClassItem) {
    renderApp('/dashboard');
    const c = await card(item.class_name);
    const menu = c.getByRole('button', { name: `More actions for ${item.class_name}` });
    await userEvent.click(menu);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit class' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit class' }));
    return { dialog, menu, card: c };
  }

  it('shows the class’s fields, saves them with PUT, updates the card and gives focus back to the menu', async () => {
    const item = biology();
    let saved = item;
    const calls = setup([item], {
      'GET /classes': () => ok({ classes: [saved], billing_summary: makeUsage() }),
      [`PUT /classes/${item.id}`]: (init) => {
        saved = { ...item, ...(JSON.parse(String(init.body)) as Partial<ClassItem>) };
        return ok(saved);
      },
    });
    const { dialog, menu } = await openEdit(item);
    expect(dialog.getByLabelText('Class name')).toHaveValue('Biology');
    expect(dialog.getByLabelText(/Course code/)).toHaveValue('BIO 101');
    expect(dialog.getByLabelText(/Expected students/)).toHaveValue(30);
    expect(dialog.getByLabelText(/Term starts/)).toHaveValue(item.term_start);
    expect(dialog.getByLabelText(/Term ends/)).toHaveValue(item.term_end);
    expect(dialog.getByLabelText('Time zone')).toHaveValue('America/Chicago');

    await userEvent.clear(dialog.getByLabelText('Class name'));
    await userEvent.type(dialog.getByLabelText('Class name'), 'Cell Biology');
    await userEvent.selectOptions(dialog.getByLabelText('Time zone'), 'Europe/Berlin');
    setDay(dialog.getByLabelText(/Term ends/), `${item.year}-12-22`);
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((x) => x.method === 'PUT');
    expect(put?.body).toEqual({
      class_name: 'Cell Biology',
      course_code: 'BIO 101',
      school: 'State University',
      department: 'Biology',
      semester: 'Fall',
      year: item.year,
      student_size: 30,
      description: null,
      term_start: item.term_start,
      term_end: `${item.year}-12-22`,
      time_zone: 'Europe/Berlin',
    });
    expect(await screen.findByText(EDIT_TEXT.saved('Cell Biology'))).toBeInTheDocument();
    await waitFor(() => expect(menu).toHaveFocus());
    expect(screen.getByRole('article', { name: 'Cell Biology' })).toBeInTheDocument();
  });

  it('checks the fields before saving, and Escape gives focus back to the menu', async () => {
    const item = biology();
    const calls = setup([item]);
    const { dialog, menu } = await openEdit(item);
    await userEvent.clear(dialog.getByLabelText('Class name'));
    setDay(dialog.getByLabelText(/Term ends/), `${item.year}-08-01`);
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('Class name is required')).toBeInTheDocument();
    expect(dialog.getByLabelText(/Term ends/)).toHaveAccessibleDescription(DATE_MESSAGES.termOrder);
    expect(calls.some((x) => x.method === 'PUT')).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(menu).toHaveFocus());
  });

  it('puts the server’s refusal under its field, and any other failure above the buttons', async () => {
    const item = biology();
    let reply: Reply = {
      status: 422,
      body: {
        success: false,
        detail: [{ loc: ['body', 'term_end'], msg: DATE_MESSAGES.termOrder, type: 'value_error' }],
        code: 'VALIDATION_ERROR',
      },
    };
    setup([item], { [`PUT /classes/${item.id}`]: () => reply });
    const { dialog } = await openEdit(item);
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(dialog.getByLabelText(/Term ends/)).toHaveAccessibleDescription(
        DATE_MESSAGES.termOrder,
      ),
    );
    reply = { status: 500, body: { success: false, detail: 'Database unavailable' } };
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('dialog', { name: 'Edit class' })).toBeInTheDocument();
  });
});

describe('the class card’s next date', () => {
  it('names the next dated item with its day and kind', async () => {
    setup([
      makeClass({
        class_name: 'Biology',
        next_date: { date: '2025-10-14', title: 'Midterm 1', kind: 'exam' },
      }),
      makeClass({ class_name: 'Chemistry', next_date: null }),
    ]);
    renderApp('/dashboard');
    const bio = await card('Biology');
    const next = bio.getByText(/^Next:/);
    expect(next).toHaveTextContent('Next: Midterm 1 · Tue, Oct 14');
    expect(within(next.parentElement!).getByText('Exam')).toBeInTheDocument();
    const chem = await card('Chemistry');
    expect(chem.queryByText(/^Next:/)).toBeNull();
  });
});
