import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClassDates, ClassItem, DatedItem, DatedItemUpdate } from '@app/contracts';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { makeClass } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession, type Reply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { makeClassDates, makeDatedItem } from './course-facts-fixtures';
import { DATED_FORM_TEXT } from './dated-item-dialog';
import { DATES_TEXT } from './dates-section';

type Routes = Record<string, Reply | ((init: RequestInit) => Reply)>;

/** A class with GET/PUT/DELETE dates routes that apply the server's rules. */
function setup(
  initial: DatedItem[],
  overrides: Partial<ClassDates> = {},
  extra: (base: string) => Routes = () => ({}),
) {
  const item = makeClass({ class_name: 'Economics' });
  let items = [...initial];
  const base = `/classes/${item.id}/dates`;
  const routes: Routes = {
    [`GET ${base}`]: () => ok(makeClassDates({ items, ...overrides })),
  };
  for (const dated of initial) {
    routes[`PUT ${base}/${dated.id}`] = (init) => {
      const patch = JSON.parse(String(init.body)) as DatedItemUpdate;
      // a correction is the teacher's own fact: a new id, no longer extracted
      const corrected: DatedItem = {
        ...dated,
        ...patch,
        id: dated.id.replace(/.$/, 'f'),
        origin: 'teacher',
      };
      items = items
        .map((i) => (i.id === dated.id ? corrected : i))
        .sort((a, b) => a.date.localeCompare(b.date));
      return ok(corrected);
    };
    routes[`DELETE ${base}/${dated.id}`] = () => {
      items = items.filter((i) => i.id !== dated.id);
      return ok({ message: 'Date removed' });
    };
  }
  const user = makeUser();
  seedSession(user);
  const calls = mockApi({
    'GET /auth/profile': ok({ user }),
    'GET /classes': ok({ classes: [item], billing_summary: makeUsage() }),
    [`GET /content/class/${item.id}`]: ok({ contents: [] }),
    [`GET /classes/${item.id}/facts`]: ok({ facts: [] }),
    ...routes,
    ...extra(base),
  });
  return { item, calls, base };
}

async function openDates(item: ClassItem) {
  renderApp('/dashboard');
  const card = within(
    await screen.findByRole('article', { name: item.class_name }, { timeout: 4000 }),
  );
  await userEvent.click(card.getByRole('button', { name: 'Review course' }));
  const review = within(await screen.findByRole('dialog', { name: 'Review Course' }));
  await userEvent.click(review.getByRole('tab', { name: 'Course facts' }));
  return within(await review.findByRole('region', { name: /^Dates/ }));
}

const midterm = () =>
  makeDatedItem({
    date: '2025-10-14',
    title: 'Midterm 1',
    kind: 'exam',
    when: 'Oct 14',
    source: {
      content_id: '00000000-0000-4000-8000-000000009999',
      content_title: 'Course Syllabus',
      chunk_id: '3',
      text: 'Week 7 | Oct 14 | Midterm 1 (in class)',
    },
  });
const essay = () => makeDatedItem({ date: '2025-10-09', title: 'Essay 2 due', kind: 'due' });
const holiday = () =>
  makeDatedItem({ date: '2025-09-01', title: 'Labor Day: no class', kind: 'no_class' });

describe('Course facts → Dates', () => {
  it('lists the dates from today on with their day, kind and source; the past on demand', async () => {
    const { item } = setup([holiday(), essay(), midterm()]);
    const dates = await openDates(item);
    expect(
      await dates.findByText(
        'Today is Tuesday, October 7 · Term Aug 25 – Dec 15, 2025 · America/New York',
      ),
    ).toBeInTheDocument();
    const upcoming = dates.getByRole('list', { name: 'Upcoming dates' });
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Essay 2 due, Thu, Oct 9', 'Midterm 1, Tue, Oct 14']);
    const row = within(within(upcoming).getByRole('listitem', { name: 'Midterm 1, Tue, Oct 14' }));
    expect(row.getByText('Exam')).toBeInTheDocument();
    expect(row.queryByText('Week 7 | Oct 14 | Midterm 1 (in class)')).toBeNull();
    await userEvent.click(row.getByRole('button', { name: /Source: Course Syllabus/ }));
    expect(row.getByRole('region', { name: 'Quoted from Course Syllabus' })).toHaveTextContent(
      'Week 7 | Oct 14 | Midterm 1 (in class)',
    );

    expect(dates.queryByText('Labor Day: no class')).toBeNull();
    const toggle = dates.getByRole('button', { name: 'Show 1 past date' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const past = dates.getByRole('list', { name: 'Past dates' });
    expect(within(past).getByText('Labor Day: no class')).toBeInTheDocument();
    expect(within(past).getByText('No class')).toBeInTheDocument();
  });

  it('says when the material has no dates yet', async () => {
    const { item } = setup([], { term_start: null, term_end: null, time_zone: 'UTC' });
    const dates = await openDates(item);
    expect(await dates.findByText(DATES_TEXT.empty)).toBeInTheDocument();
    expect(dates.getByText('Today is Tuesday, October 7 · No term set · UTC')).toBeInTheDocument();
    expect(dates.queryByRole('list')).toBeNull();
  });

  it('corrects a date and its title, sending only what changed; focus goes back to its Edit', async () => {
    const exam = midterm();
    const { item, calls, base } = setup([essay(), exam]);
    const dates = await openDates(item);
    const edit = await dates.findByRole('button', { name: 'Edit Midterm 1, Tue, Oct 14' });
    await userEvent.click(edit);
    const dialog = within(await screen.findByRole('dialog', { name: 'Correct this date' }));
    expect(dialog.getByLabelText('Date')).toHaveValue('2025-10-14');
    const title = dialog.getByLabelText('What happens');
    expect(title).toHaveValue('Midterm 1');
    await userEvent.clear(title);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(DATED_FORM_TEXT.titleRequired)).toBeInTheDocument();
    await userEvent.type(title, 'Midterm 1 (Hale 101)');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Correct this date' })).toBeNull(),
    );

    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`${base}/${exam.id}`);
    expect(put?.body).toEqual({ title: 'Midterm 1 (Hale 101)' });
    const row = within(
      await dates.findByRole('listitem', { name: 'Midterm 1 (Hale 101), Tue, Oct 14' }),
    );
    expect(row.getByText('Your correction')).toBeInTheDocument();
    // the correction's row is a new one: its Edit takes focus
    await waitFor(() =>
      expect(
        row.getByRole('button', { name: 'Edit Midterm 1 (Hale 101), Tue, Oct 14' }),
      ).toHaveFocus(),
    );
  });

  it('moves a date, and keeps the dialog open with the server’s refusal', async () => {
    const exam = midterm();
    let refuse = true;
    const { item, calls, base } = setup([exam], {}, (path) => ({
      [`PUT ${path}/${exam.id}`]: (init) =>
        refuse
          ? { status: 500, body: { success: false, detail: 'Database unavailable' } }
          : ok({ ...exam, ...(JSON.parse(String(init.body)) as DatedItemUpdate) }),
    }));
    const dates = await openDates(item);
    await userEvent.click(
      await dates.findByRole('button', { name: 'Edit Midterm 1, Tue, Oct 14' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Correct this date' }));
    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: '' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(DATED_FORM_TEXT.dateRequired)).toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: '2025-10-16' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Database unavailable');
    refuse = false;
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Correct this date' })).toBeNull(),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      [`${base}/${exam.id}`, { date: '2025-10-16' }],
      [`${base}/${exam.id}`, { date: '2025-10-16' }],
    ]);
  });

  it('removes a date at once with Undo in its place; leaving the Dates deletes it', async () => {
    const exam = midterm();
    const due = essay();
    const { item, calls, base } = setup([due, exam]);
    const dates = await openDates(item);
    const remove = await dates.findByRole('button', { name: 'Remove Midterm 1, Tue, Oct 14' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    const removed = within(
      dates.getByRole('listitem', { name: 'Midterm 1, Tue, Oct 14 (removed)' }),
    );
    const undo = removed.getByRole('button', { name: 'Undo removing Midterm 1, Tue, Oct 14' });
    await waitFor(() => expect(undo).toHaveFocus());
    expect(dates.getByRole('status')).toHaveTextContent(DATES_TEXT.removedStatus('Midterm 1'));
    expect(dates.getByRole('heading', { name: /^Dates/ })).toHaveTextContent('Dates1 date');

    await userEvent.keyboard('{Enter}');
    const edit = await dates.findByRole('button', { name: 'Edit Midterm 1, Tue, Oct 14' });
    await waitFor(() => expect(edit).toHaveFocus());
    expect(dates.getByRole('status')).toHaveTextContent(DATES_TEXT.restored('Midterm 1'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // removed again, then Review Course closed: deleted
    await userEvent.click(dates.getByRole('button', { name: 'Remove Midterm 1, Tue, Oct 14' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        `${base}/${exam.id}`,
      ]),
    );
  });

  it('says so when deleting fails, and the date stays', async () => {
    const exam = midterm();
    const { item } = setup([exam], {}, (path) => ({
      [`DELETE ${path}/${exam.id}`]: {
        status: 500,
        body: { success: false, detail: 'Database unavailable' },
      },
    }));
    const dates = await openDates(item);
    await userEvent.click(
      await dates.findByRole('button', { name: 'Remove Midterm 1, Tue, Oct 14' }),
    );
    // another tab: the Dates are left, the removal goes ahead and fails
    await userEvent.click(screen.getByRole('tab', { name: 'Course content' }));
    expect(await screen.findByText(DATES_TEXT.removeFailed('Midterm 1'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Course facts' }));
    const again = within(await screen.findByRole('region', { name: /^Dates/ }));
    expect(
      await again.findByRole('button', { name: 'Edit Midterm 1, Tue, Oct 14' }),
    ).toBeInTheDocument();
  });
});
