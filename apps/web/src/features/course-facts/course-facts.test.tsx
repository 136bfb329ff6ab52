import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClassItem, CourseFact, FactCreate } from '@app/contracts';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { makeClass } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession, type Reply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { FACT_FORM_TEXT } from './course-fact-form';
import { makeClassDates, makeFact } from './course-facts-fixtures';
import { FACTS_TEXT } from './course-facts-view';

type Routes = Record<string, Reply | ((init: RequestInit) => Reply)>;

const body = <T,>(init: RequestInit) => JSON.parse(String(init.body)) as T;

/**
 * A class with a teacher's GET/POST/PATCH/DELETE facts routes, applying the server's rules: a
 * correction overrides its extracted fact, deleting an extracted fact hides it, deleting a
 * correction restores the extracted fact.
 */
function setup(initial: CourseFact[], extra: (base: string) => Routes = () => ({})) {
  const item = makeClass({ class_name: 'Economics' });
  let facts = [...initial];
  const base = `/classes/${item.id}/facts`;
  const one = (fact: CourseFact, status = 200) => ({
    status,
    body: { success: true, data: { fact } },
  });
  const routes: Routes = {
    [`GET ${base}`]: () => ok({ facts }),
    [`POST ${base}`]: (init) => {
      const fact = makeFact({ ...body<FactCreate>(init), origin: 'teacher', source: null });
      facts = [...facts, fact];
      return one(fact, 201);
    },
  };
  for (const fact of initial) {
    routes[`PATCH ${base}/${fact.id}`] = (init) => {
      const { status, ...patch } = body<Partial<FactCreate> & { status?: 'active' }>(init);
      if (status === 'active') {
        facts = facts.map((f) => (f.id === fact.id ? { ...f, status: 'active' } : f));
        return one(facts.find((f) => f.id === fact.id)!);
      }
      if (fact.origin === 'teacher') {
        facts = facts.map((f) => (f.id === fact.id ? { ...f, ...patch } : f));
        return one(facts.find((f) => f.id === fact.id)!);
      }
      const correction = makeFact({
        kind: fact.kind,
        subject: fact.subject,
        attribute: fact.attribute,
        value: fact.value,
        ...patch,
        origin: 'teacher',
        overrides_id: fact.id,
        source: null,
      });
      facts = facts.map((f) =>
        f.id === fact.id ? { ...f, status: 'overridden', overridden_by: correction.id } : f,
      );
      facts.push(correction);
      routes[`DELETE ${base}/${correction.id}`] = restore(correction);
      return one(correction);
    };
    routes[`DELETE ${base}/${fact.id}`] =
      fact.origin === 'teacher' && fact.overrides_id ? restore(fact) : remove(fact);
  }
  function restore(correction: CourseFact) {
    return () => {
      facts = facts
        .filter((f) => f.id !== correction.id)
        .map((f) =>
          f.id === correction.overrides_id ? { ...f, status: 'active', overridden_by: null } : f,
        );
      return ok(null);
    };
  }
  function remove(fact: CourseFact) {
    return () => {
      facts =
        fact.origin === 'teacher'
          ? facts.filter((f) => f.id !== fact.id)
          : facts.map((f) => (f.id === fact.id ? { ...f, status: 'hidden' } : f));
      return ok(null);
    };
  }

  const user = makeUser();
  seedSession(user);
  // the same object, so routes added for new corrections answer too
  const calls = mockApi(
    Object.assign(routes, {
      'GET /auth/profile': ok({ user }),
      'GET /classes': ok({ classes: [item], billing_summary: makeUsage() }),
      [`GET /content/class/${item.id}`]: ok({ contents: [] }),
      [`GET /classes/${item.id}/dates`]: ok(makeClassDates()),
      ...extra(base),
    }),
  );
  return { item, calls, base };
}

async function openFacts(item: ClassItem) {
  renderApp('/dashboard');
  const card = within(
    await screen.findByRole('article', { name: item.class_name }, { timeout: 4000 }),
  );
  await userEvent.click(card.getByRole('button', { name: 'Review course' }));
  const review = within(await screen.findByRole('dialog', { name: 'Review Course' }));
  await userEvent.click(review.getByRole('tab', { name: 'Course facts' }));
  return review;
}

const office = () =>
  makeFact({ kind: 'staff', subject: 'Dr. Kung', attribute: 'office', value: 'THM 216' });

describe('Review Course → Course facts', () => {
  it('is a keyboard tab beside the content view', async () => {
    const { item } = setup([]);
    renderApp('/dashboard');
    const card = within(
      await screen.findByRole('article', { name: item.class_name }, { timeout: 4000 }),
    );
    await userEvent.click(card.getByRole('button', { name: 'Review course' }));
    const review = within(await screen.findByRole('dialog', { name: 'Review Course' }));
    const content = review.getByRole('tab', { name: 'Course content' });
    expect(content).toHaveAttribute('aria-selected', 'true');
    content.focus();
    await userEvent.keyboard('{ArrowRight}');
    const facts = review.getByRole('tab', { name: 'Course facts' });
    expect(facts).toHaveFocus();
    expect(facts).toHaveAttribute('aria-selected', 'true');
    expect(await review.findByText(FACTS_TEXT.emptyTitle)).toBeInTheDocument();
    await userEvent.keyboard('{Home}');
    expect(content).toHaveAttribute('aria-selected', 'true');
    expect(await review.findByText('No Content Yet')).toBeInTheDocument();
  });

  it('groups facts by kind with labels, sources on demand and teacher badges', async () => {
    const extracted = office();
    const correction = makeFact({
      kind: 'staff',
      subject: 'Dr. Kung',
      attribute: 'office_hours',
      value: 'Tue 2-3 pm',
      origin: 'teacher',
      source: null,
    });
    const corrected = makeFact({
      kind: 'staff',
      subject: 'Dr. Kung',
      attribute: 'office_hours',
      value: 'Mon 10-11 am',
      status: 'overridden',
      overridden_by: correction.id,
    });
    correction.overrides_id = corrected.id;
    const { item } = setup([
      makeFact({ kind: 'grading', subject: 'Final exam', attribute: 'weight', value: '25%' }),
      extracted,
      corrected,
      correction,
      makeFact({
        kind: 'policy',
        subject: 'ai',
        attribute: 'summary',
        value: 'Hidden one',
        status: 'hidden',
      }),
      makeFact({
        kind: 'key_date',
        subject: 'Review day',
        attribute: 'date',
        value: 'Dec 1',
        origin: 'teacher',
        source: null,
      }),
    ]);
    const review = await openFacts(item);
    expect(await review.findByText(FACTS_TEXT.intro)).toBeInTheDocument();
    expect(review.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Dates0 dates',
      'Instructors and TAs2 facts',
      'Grading1 fact',
      'Key dates1 fact',
    ]);
    // a hidden fact is only in the closed Hidden facts list
    expect(review.getByText('Hidden one')).not.toBeVisible();
    expect(
      within(review.getByRole('region', { name: 'Hidden facts' })).getByText('Hidden one'),
    ).toBeInTheDocument();

    const row = within(review.getByRole('listitem', { name: 'Dr. Kung · Office' }));
    expect(row.getByText('THM 216')).toBeInTheDocument();
    const source = row.getByRole('button', { name: 'Source: Course Syllabus' });
    expect(source).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(source);
    expect(row.getByRole('region', { name: 'Quoted from Course Syllabus' })).toHaveTextContent(
      extracted.source!.text,
    );

    const hours = within(review.getByRole('listitem', { name: 'Dr. Kung · Office hours' }));
    expect(hours.getByText('Your correction')).toBeInTheDocument();
    expect(hours.queryByRole('button', { name: /^Confirm/ })).toBeNull();
    // an extracted fact can be confirmed; the teacher's own cannot
    expect(row.getByRole('button', { name: 'Confirm Dr. Kung office' })).toBeInTheDocument();
    expect(hours.getByText('Tue 2-3 pm')).toBeInTheDocument();
    expect(hours.getByText('Mon 10-11 am').tagName).toBe('DEL');
    const date = within(review.getByRole('listitem', { name: 'Review day · Date' }));
    expect(date.getByText('Added by you')).toBeInTheDocument();
    expect(date.getByRole('button', { name: 'Delete Review day date' })).toBeInTheDocument();
    expect(date.queryByRole('button', { name: /^Confirm/ })).toBeNull();
  });

  it('corrects an extracted value: Escape cancels, Save sends the value, focus returns to Edit', async () => {
    const fact = office();
    const { item, calls, base } = setup([fact]);
    const review = await openFacts(item);
    const edit = await review.findByRole('button', { name: 'Edit Dr. Kung office' });

    await userEvent.click(edit);
    let dialog = within(await screen.findByRole('dialog', { name: 'Correct this fact' }));
    await userEvent.type(dialog.getByLabelText('Value'), ' (moved)');
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Correct this fact' })).toBeNull(),
    );
    expect(screen.getByRole('dialog', { name: 'Review Course' })).toBeInTheDocument();
    await waitFor(() => expect(edit).toHaveFocus());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.click(edit);
    dialog = within(await screen.findByRole('dialog', { name: 'Correct this fact' }));
    const value = dialog.getByLabelText('Value');
    expect(value).toHaveValue('THM 216');
    await userEvent.clear(value);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(FACT_FORM_TEXT.valueRequired)).toBeInTheDocument();
    await userEvent.type(value, 'THM 300');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const row = within(await review.findByRole('listitem', { name: 'Dr. Kung · Office' }));
    expect(await row.findByText('Your correction')).toBeInTheDocument();
    expect(row.getByText('THM 300')).toBeInTheDocument();
    expect(row.getByText('THM 216').tagName).toBe('DEL');
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `${base}/${fact.id}`,
      body: { value: 'THM 300' },
    });
    await waitFor(() =>
      expect(review.getByRole('button', { name: 'Edit Dr. Kung office' })).toHaveFocus(),
    );
  });

  it('corrects what a fact is and whom it is about: it moves under its heading, focus follows to its Edit', async () => {
    const fact = office();
    const { item, calls, base } = setup([fact]);
    const review = await openFacts(item);
    await userEvent.click(await review.findByRole('button', { name: 'Edit Dr. Kung office' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Correct this fact' }));
    // the value, most often corrected, has focus; every part can be changed
    expect(dialog.getByLabelText('Value')).toHaveFocus();
    await userEvent.selectOptions(dialog.getByLabelText('Kind'), 'meeting');
    await userEvent.clear(dialog.getByLabelText('Subject'));
    await userEvent.type(dialog.getByLabelText('Subject'), 'Lecture');
    await userEvent.clear(dialog.getByLabelText('Attribute'));
    await userEvent.type(dialog.getByLabelText('Attribute'), 'Room');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const moved = within(await review.findByRole('listitem', { name: 'Lecture · Room' }));
    expect(moved.getByText('Your correction')).toBeInTheDocument();
    // the same value under another heading is a correction, not a confirmation
    expect(moved.queryByText('Confirmed')).toBeNull();
    expect(moved.getByText(/Extracted as:/)).toBeInTheDocument();
    expect(moved.getByText('Instructors and TAs: Dr. Kung · Office, THM 216').tagName).toBe('DEL');
    // only what changed is sent: the value stays what was read
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `${base}/${fact.id}`,
      body: { kind: 'meeting', subject: 'Lecture', attribute: 'room' },
    });
    expect(calls.find((c) => c.method === 'PATCH')!.body).not.toHaveProperty('value');
    await waitFor(() =>
      expect(moved.getByRole('button', { name: 'Edit Lecture room' })).toHaveFocus(),
    );
  });

  it('Confirm (keyboard) sends the extracted value, the row shows Confirmed and focus moves to Edit; Undo takes it back', async () => {
    const fact = office();
    const { item, calls, base } = setup([fact]);
    const review = await openFacts(item);
    expect(await review.findByText(FACTS_TEXT.kinds)).toBeInTheDocument();
    const confirmButton = await review.findByRole('button', { name: 'Confirm Dr. Kung office' });
    confirmButton.focus();
    await userEvent.keyboard('{Enter}');

    const row = within(await review.findByRole('listitem', { name: 'Dr. Kung · Office' }));
    expect(await row.findByText('Confirmed')).toBeInTheDocument();
    expect(row.getByText('Students are given this as an answer.')).toBeInTheDocument();
    // the value stands once: no struck-through "extracted value" beside itself
    expect(row.getByText('THM 216').tagName).not.toBe('DEL');
    expect(row.queryByText('Your correction')).toBeNull();
    expect(row.queryByRole('button', { name: 'Confirm Dr. Kung office' })).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH')).toMatchObject([
      { path: `${base}/${fact.id}`, body: { value: 'THM 216' } },
    ]);
    await waitFor(() =>
      expect(row.getByRole('button', { name: 'Edit Dr. Kung office' })).toHaveFocus(),
    );
    expect(
      screen.getByText('Dr. Kung office confirmed: students are given it as an answer.'),
    ).toHaveAttribute('role', 'status');

    // editing a confirmed fact corrects it
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Correct this fact' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Correct this fact' })).toBeNull(),
    );

    await userEvent.click(
      row.getByRole('button', { name: 'Undo confirmation of Dr. Kung office' }),
    );
    const undo = within(await screen.findByRole('dialog', { name: 'Undo the confirmation?' }));
    expect(undo.getByText(/shown the passage of your material again/)).toBeInTheDocument();
    await userEvent.click(undo.getByRole('button', { name: 'Undo confirmation' }));
    expect(
      await review.findByRole('button', { name: 'Confirm Dr. Kung office' }),
    ).toBeInTheDocument();
    expect(review.queryByText('Confirmed')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('a Confirm the server refuses says why in the row and can be tried again', async () => {
    const fact = office();
    let refuse = true;
    const { item, calls } = setup([fact], (base) => ({
      [`PATCH ${base}/${fact.id}`]: () =>
        refuse
          ? { status: 500, body: { success: false, detail: 'Database unavailable' } }
          : { status: 200, body: { success: true, data: { fact } } },
    }));
    const review = await openFacts(item);
    const confirmButton = await review.findByRole('button', { name: 'Confirm Dr. Kung office' });
    await userEvent.click(confirmButton);
    const row = within(review.getByRole('listitem', { name: 'Dr. Kung · Office' }));
    expect(await row.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(confirmButton).toBeEnabled();
    expect(row.queryByText('Confirmed')).toBeNull();
    refuse = false;
    await userEvent.click(confirmButton);
    await waitFor(() => expect(row.queryByRole('alert')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2);
  });

  it('adds a fact with clear validation messages and the contract limits', async () => {
    const { item, calls, base } = setup([office()]);
    const review = await openFacts(item);
    await userEvent.click(await review.findByRole('button', { name: 'Add a fact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a fact' }));
    const add = dialog.getByRole('button', { name: 'Add fact' });

    await userEvent.click(add);
    expect(await dialog.findByText(FACT_FORM_TEXT.subjectRequired)).toBeInTheDocument();
    expect(dialog.getByText(FACT_FORM_TEXT.attributeRequired)).toBeInTheDocument();
    expect(dialog.getByText(FACT_FORM_TEXT.valueRequired)).toBeInTheDocument();
    expect(dialog.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(dialog.getByLabelText('Kind'), 'Instructors and TAs');
    await userEvent.type(dialog.getByLabelText('Subject'), 'Sam Lee');
    await userEvent.type(dialog.getByLabelText('Attribute'), '123');
    await userEvent.click(dialog.getByLabelText('Value'));
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(add);
    expect(await dialog.findByText(FACT_FORM_TEXT.attributeLetters)).toBeInTheDocument();
    expect(dialog.getByText(FACT_FORM_TEXT.valueTooLong)).toBeInTheDocument();
    expect(dialog.getByText('1,001/1,000')).toBeInTheDocument();

    await userEvent.clear(dialog.getByLabelText('Attribute'));
    await userEvent.type(dialog.getByLabelText('Attribute'), 'Office hours');
    await userEvent.clear(dialog.getByLabelText('Value'));
    await userEvent.type(dialog.getByLabelText('Value'), 'Fridays 1-2 pm');
    await userEvent.click(add);

    const row = within(await review.findByRole('listitem', { name: 'Sam Lee · Office hours' }));
    expect(row.getByText('Added by you')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: base,
      body: {
        kind: 'staff',
        subject: 'Sam Lee',
        attribute: 'office_hours',
        value: 'Fridays 1-2 pm',
      },
    });
  });

  it('shows the server message when adding fails', async () => {
    const { item } = setup([], (base) => ({
      [`POST ${base}`]: {
        status: 422,
        body: { success: false, detail: [{ loc: ['body'], msg: 'Value is too long', type: 'x' }] },
      },
    }));
    const review = await openFacts(item);
    await userEvent.click(await review.findByRole('button', { name: 'Add a fact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a fact' }));
    await userEvent.type(dialog.getByLabelText('Subject'), 'Course');
    await userEvent.type(dialog.getByLabelText('Attribute'), 'Website');
    await userEvent.type(dialog.getByLabelText('Value'), 'example.edu');
    await userEvent.click(dialog.getByRole('button', { name: 'Add fact' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Value is too long');
  });

  it('lists the facts hidden before under Hidden facts, each with Restore', async () => {
    const email = makeFact({
      kind: 'staff',
      subject: 'Dr. Kung',
      attribute: 'email',
      value: 'kung@csun.edu',
      status: 'hidden',
    });
    const { item, calls, base } = setup([email, office()]);
    const review = await openFacts(item);
    const hiddenList = within(await review.findByRole('region', { name: 'Hidden facts' }));
    expect(review.queryByRole('listitem', { name: 'Dr. Kung · Email' })).toBeNull();
    await userEvent.click(hiddenList.getByText('Hidden facts'));
    expect(hiddenList.getByText('kung@csun.edu')).toBeInTheDocument();
    await userEvent.click(hiddenList.getByRole('button', { name: 'Restore Dr. Kung email' }));
    await waitFor(() => expect(review.queryByRole('region', { name: 'Hidden facts' })).toBeNull());
    expect(await review.findByText('kung@csun.edu')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      [`${base}/${email.id}`, { status: 'active' }],
    ]);
    expect(
      screen.getByText('Dr. Kung email restored: students are told it again.'),
    ).toBeInTheDocument();
  });

  it('hides an extracted fact and restores a corrected one, each after a confirmation', async () => {
    const email = makeFact({
      kind: 'staff',
      subject: 'Dr. Kung',
      attribute: 'email',
      value: 'kung@csun.edu',
    });
    const fact = office();
    const { item, calls, base } = setup([email, fact]);
    const review = await openFacts(item);

    await userEvent.click(await review.findByRole('button', { name: 'Hide Dr. Kung email' }));
    let confirm = within(
      await screen.findByRole('dialog', { name: 'Hide this fact from students?' }),
    );
    expect(confirm.getByText(/kung@csun.edu/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(review.getByText('kung@csun.edu')).toBeInTheDocument();

    await userEvent.click(review.getByRole('button', { name: 'Hide Dr. Kung email' }));
    confirm = within(await screen.findByRole('dialog', { name: 'Hide this fact from students?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Hide fact' }));
    await waitFor(() => expect(review.queryByText('kung@csun.edu')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `${base}/${email.id}`,
    ]);
    // the row keeps its place with an Undo, which has the focus (issue 31)
    const hidden = within(review.getByRole('listitem', { name: 'Dr. Kung · Email (hidden)' }));
    expect(hidden.getByText(/is hidden: students are no longer told it/)).toBeInTheDocument();
    const undo = hidden.getByRole('button', { name: 'Undo hiding Dr. Kung email' });
    await waitFor(() => expect(undo).toHaveFocus());
    // it is not listed again under Hidden facts while its Undo is there
    expect(review.queryByRole('region', { name: 'Hidden facts' })).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(await review.findByText('kung@csun.edu')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      [`${base}/${email.id}`, { status: 'active' }],
    ]);
    await waitFor(() =>
      expect(review.getByRole('button', { name: 'Edit Dr. Kung email' })).toHaveFocus(),
    );
    expect(
      screen.getByText('Dr. Kung email is back: students are told it again.'),
    ).toBeInTheDocument();

    // correct, then restore the extracted value
    await userEvent.click(review.getByRole('button', { name: 'Edit Dr. Kung office' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Correct this fact' }));
    await userEvent.clear(edit.getByLabelText('Value'));
    await userEvent.type(edit.getByLabelText('Value'), 'THM 300');
    await userEvent.click(edit.getByRole('button', { name: 'Save' }));
    await userEvent.click(
      await review.findByRole('button', { name: 'Restore extracted value of Dr. Kung office' }),
    );
    confirm = within(await screen.findByRole('dialog', { name: 'Restore the extracted value?' }));
    expect(confirm.getByText(/“THM 216”/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Restore' }));
    const row = within(await review.findByRole('listitem', { name: 'Dr. Kung · Office' }));
    await waitFor(() => expect(row.queryByText('Your correction')).toBeNull());
    expect(row.getByText('THM 216').tagName).not.toBe('DEL');
    expect(row.queryByText('THM 300')).toBeNull();
  });

  it('shows the empty state', async () => {
    const { item } = setup([]);
    const review = await openFacts(item);
    expect(await review.findByText(FACTS_TEXT.emptyTitle)).toBeInTheDocument();
    expect(review.getByText(FACTS_TEXT.emptyDescription)).toBeInTheDocument();
    expect(review.getByRole('button', { name: 'Add a fact' })).toBeEnabled();
  });

  it('shows a load error with Try again, which loads the facts', async () => {
    let fail = true;
    const fact = office();
    const item = makeClass({ class_name: 'Economics' });
    const user = makeUser();
    seedSession(user);
    mockApi({
      'GET /auth/profile': ok({ user }),
      'GET /classes': ok({ classes: [item], billing_summary: makeUsage() }),
      [`GET /classes/${item.id}/facts`]: () =>
        fail
          ? { status: 500, body: { success: false, detail: 'Database unavailable' } }
          : ok({ facts: [fact] }),
      [`GET /classes/${item.id}/dates`]: ok(makeClassDates()),
    });
    const review = await openFacts(item);
    const alert = within(await review.findByRole('alert'));
    expect(alert.getByText(FACTS_TEXT.loadFailedTitle)).toBeInTheDocument();
    expect(alert.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(alert.getByRole('button', { name: 'Try again' }));
    expect(await review.findByText('THM 216')).toBeInTheDocument();
  });
});
