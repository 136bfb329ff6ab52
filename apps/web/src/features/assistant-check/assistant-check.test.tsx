import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES,
  CHECK_ANSWER_MAX_LENGTH,
  CHECK_MESSAGES,
  excerptText,
  type AssistantCheckItem,
  type ClassItem,
} from '@app/contracts';
import { checkRoutes, makeCheck, makeCheckItem, makeReply } from '@/test/assistant-check-fixtures';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { makeClass } from '@/test/class-fixtures';
import { deferred, makeUser, mockApi, seedSession, type Reply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AssistantCheck } from './assistant-check-panel';
import { CHECK_TEXT } from './assistant-check-logic';

type Routes = Record<string, Reply | ((init: RequestInit) => Reply | Promise<never>)>;

const CLASS_ID = '00000000-0000-4000-8000-00000000abcd';

const office = () => makeCheckItem();
const final = () =>
  makeCheckItem({
    id: 'final',
    question: 'When is the final exam?',
    reply: makeReply({
      kind: 'excerpt',
      response: excerptText([
        {
          lead: 'Here is what the syllabus says about Exams:',
          quote: 'The midterm is in week 8. **The final exam is on December 12 at 9 am.**',
        },
      ]),
      citations: [
        {
          content_id: 'c-1',
          title: 'Course Syllabus',
          content_type: 'syllabus',
          excerpt: 'The final exam is on December 12 at 9 am.',
        },
      ],
    }),
  });
const parking = () =>
  makeCheckItem({
    id: 'extra_credit',
    question: 'Is there extra credit?',
    reply: makeReply({
      kind: 'none',
      response: "The course material doesn't cover that.",
      citations: [],
      source_type: 'other',
    }),
  });

/** The panel alone, signed in, over the check routes of `items`. */
function renderPanel(items: AssistantCheckItem[], extra: Routes = {}) {
  const check = checkRoutes(CLASS_ID, items);
  seedSession(makeUser());
  const calls = mockApi({ ...check.routes, ...extra });
  renderApp('/check', [{ path: '/check', element: <AssistantCheck classId={CLASS_ID} /> }]);
  return { calls, base: check.base };
}

const row = async (question: string) =>
  within(await screen.findByRole('listitem', { name: question }));

describe('Check your assistant', () => {
  it('says what it is, shows the progress and each reply as a student gets it', async () => {
    renderPanel([office(), final(), parking()]);
    expect(
      await screen.findByRole('heading', { level: 3, name: CHECK_TEXT.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(CHECK_TEXT.intro)).toBeInTheDocument();
    expect(await screen.findByText('0 of 20 checked')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Questions checked' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 20 checked',
    );
    const list = screen.getByRole('list', { name: 'Questions students ask' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    const hours = await row('When are the office hours?');
    expect(hours.getByText('Not checked')).toBeInTheDocument();
    expect(hours.getByText(CHECK_TEXT.replyNow)).toBeInTheDocument();
    expect(
      hours.getByText('Office hours are Mondays 2-4 pm in Science Hall 204.'),
    ).toBeInTheDocument();
    expect(hours.getByText(/Course Syllabus/)).toBeInTheDocument();

    // an excerpt is a quotation, with its best sentence marked and its source named
    const exam = await row('When is the final exam?');
    const quote = exam.getByText(/The midterm is in week 8/).closest('blockquote');
    expect(quote).not.toBeNull();
    expect(quote!.querySelector('mark')).toHaveTextContent(
      'The final exam is on December 12 at 9 am.',
    );
    expect(exam.getByText('Excerpt from the course material')).toBeInTheDocument();
    expect(exam.getByText(/Source:/).parentElement).toHaveTextContent('Source: Course Syllabus');
  });

  it('shows a loading state while the assistant is asked, then the list', async () => {
    const slow = deferred(ok(makeCheck([office()])));
    renderPanel([], { [`GET /classes/${CLASS_ID}/assistant-check`]: slow.handler });
    expect(await screen.findByText(CHECK_TEXT.loading)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Questions students ask' })).toBeNull();
    slow.release();
    expect(await row('When are the office hours?')).toBeTruthy();
    expect(screen.queryByText(CHECK_TEXT.loading)).toBeNull();
  });

  it('a failed load says so, and Try again loads it', async () => {
    let fail = true;
    renderPanel([], {
      [`GET /classes/${CLASS_ID}/assistant-check`]: () =>
        fail
          ? { status: 500, body: { success: false, detail: 'The server broke.', code: 'INTERNAL' } }
          : ok(makeCheck([office()])),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CHECK_TEXT.loadFailedTitle);
    expect(alert).toHaveTextContent('The server broke.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await row('When are the office hours?')).toBeTruthy();
  });

  it('an empty list says so', async () => {
    renderPanel([]);
    expect(await screen.findByText(CHECK_TEXT.emptyTitle)).toBeInTheDocument();
    expect(screen.getByLabelText(CHECK_TEXT.addLabel)).toBeInTheDocument();
  });

  it('Confirm (keyboard) checks the reply, counts it, announces it and moves focus to Edit', async () => {
    const { calls, base } = renderPanel([office(), final()]);
    const hours = await row('When are the office hours?');
    const confirm = hours.getByRole('button', { name: 'Confirm: When are the office hours?' });
    confirm.focus();
    await userEvent.keyboard('{Enter}');

    expect(await hours.findByText('Confirmed')).toBeInTheDocument();
    expect(hours.getByText(CHECK_TEXT.studentsGet)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `${base}/office_hours`,
      body: { status: 'confirmed' },
    });
    expect(screen.getByText('1 of 20 checked')).toBeInTheDocument();
    expect(hours.queryByRole('button', { name: /^Confirm/ })).toBeNull();
    expect(hours.queryByRole('button', { name: /^Not covered/ })).toBeNull();
    await waitFor(() =>
      expect(hours.getByRole('button', { name: 'Edit: When are the office hours?' })).toHaveFocus(),
    );
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      CHECK_TEXT.announce.confirmed('When are the office hours?'),
    );
    // the list is not asked for again (the server would ask the assistant every question)
    expect(calls.filter((c) => c.method === 'GET' && c.path === base)).toHaveLength(1);
  });

  it('a reply with nothing in it cannot be confirmed, and says why', async () => {
    const { calls } = renderPanel([parking()]);
    const credit = await row('Is there extra credit?');
    const confirm = credit.getByRole('button', { name: 'Confirm: Is there extra credit?' });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toHaveAccessibleDescription(CHECK_TEXT.cannotConfirm);
    await userEvent.click(confirm);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(credit.getByText('Not in the course material')).toBeInTheDocument();
  });

  it('Edit: opens with the reply to start from; Escape cancels and focus goes back to Edit', async () => {
    const { calls } = renderPanel([final()]);
    const exam = await row('When is the final exam?');
    const edit = exam.getByRole('button', { name: 'Edit: When is the final exam?' });
    await userEvent.click(edit);
    const dialog = within(await screen.findByRole('dialog', { name: 'Write the answer' }));
    expect(dialog.getByText('When is the final exam?')).toBeInTheDocument();
    // an excerpt starts the answer with its best sentence, without the quotation's marks
    const answer = dialog.getByLabelText('Your answer');
    expect(answer).toHaveValue('The final exam is on December 12 at 9 am.');
    expect(answer).toHaveFocus();
    await userEvent.type(answer, ' Bring ID.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(edit).toHaveFocus());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(exam.getByText('Not checked')).toBeInTheDocument();
  });

  it('Edit: the messages of the contract, then Save sends the answer; the row shows it', async () => {
    const { calls, base } = renderPanel([final()]);
    const exam = await row('When is the final exam?');
    const edit = exam.getByRole('button', { name: 'Edit: When is the final exam?' });
    await userEvent.click(edit);
    const dialog = within(await screen.findByRole('dialog', { name: 'Write the answer' }));
    const answer = dialog.getByLabelText('Your answer');

    await userEvent.clear(answer);
    await userEvent.type(answer, '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Save answer' }));
    expect(await dialog.findByText(CHECK_MESSAGES.answerRequired)).toBeInTheDocument();
    expect(answer).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(answer);
    await userEvent.click(answer);
    await userEvent.paste('x'.repeat(CHECK_ANSWER_MAX_LENGTH + 1));
    await userEvent.click(dialog.getByRole('button', { name: 'Save answer' }));
    expect(await dialog.findByText(CHECK_MESSAGES.answerTooLong)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(answer);
    await userEvent.type(answer, '  The final is on December 12 at 9 am in Hall B.  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Save answer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `${base}/final`,
      body: { status: 'edited', answer: 'The final is on December 12 at 9 am in Hall B.' },
    });
    expect(await exam.findByText('Your answer')).toBeInTheDocument();
    expect(exam.getByText('The final is on December 12 at 9 am in Hall B.')).toBeInTheDocument();
    expect(screen.getByText('1 of 20 checked')).toBeInTheDocument();
    await waitFor(() => expect(edit).toHaveFocus());

    // editing again starts from the teacher's own words
    await userEvent.click(edit);
    const again = within(await screen.findByRole('dialog', { name: 'Write the answer' }));
    expect(again.getByLabelText('Your answer')).toHaveValue(
      'The final is on December 12 at 9 am in Hall B.',
    );
  });

  it('a refused save keeps the dialog open with the server’s words', async () => {
    renderPanel([office()], {
      [`PUT /classes/${CLASS_ID}/assistant-check/office_hours`]: {
        status: 422,
        body: { success: false, detail: CHECK_MESSAGES.answerTooLong, code: 'VALIDATION_ERROR' },
      },
    });
    const hours = await row('When are the office hours?');
    await userEvent.click(hours.getByRole('button', { name: 'Edit: When are the office hours?' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Write the answer' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save answer' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(CHECK_MESSAGES.answerTooLong);
    expect(screen.getByRole('dialog', { name: 'Write the answer' })).toBeInTheDocument();
  });

  it('Not covered tells students so; Undo puts the reply back and focus on Confirm', async () => {
    const { calls, base } = renderPanel([office()]);
    const hours = await row('When are the office hours?');
    await userEvent.click(
      hours.getByRole('button', { name: 'Not covered: When are the office hours?' }),
    );
    expect(await hours.findByText('Not covered')).toBeInTheDocument();
    expect(hours.getByText(CHECK_MESSAGES.notCovered)).toBeInTheDocument();
    expect(hours.getByText(CHECK_TEXT.studentsToldNotCovered)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { status: 'not_covered' },
    ]);
    expect(screen.getByText('1 of 20 checked')).toBeInTheDocument();

    const undo = hours.getByRole('button', { name: 'Undo: When are the office hours?' });
    await userEvent.click(undo);
    expect(await hours.findByText('Not checked')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
      path: `${base}/office_hours`,
      body: { status: 'unchecked' },
    });
    expect(
      hours.getByText('Office hours are Mondays 2-4 pm in Science Hall 204.'),
    ).toBeInTheDocument();
    expect(screen.getByText('0 of 20 checked')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        hours.getByRole('button', { name: 'Confirm: When are the office hours?' }),
      ).toHaveFocus(),
    );
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      CHECK_TEXT.announce.unchecked('When are the office hours?'),
    );
  });

  it('a failed change is said in its row', async () => {
    renderPanel([office()], {
      [`PUT /classes/${CLASS_ID}/assistant-check/office_hours`]: () => ({
        status: 422,
        body: { success: false, detail: CHECK_MESSAGES.nothingToConfirm, code: 'VALIDATION_ERROR' },
      }),
    });
    const hours = await row('When are the office hours?');
    await userEvent.click(
      hours.getByRole('button', { name: 'Confirm: When are the office hours?' }),
    );
    expect(await hours.findByRole('alert')).toHaveTextContent(CHECK_MESSAGES.nothingToConfirm);
    expect(hours.getByText('Not checked')).toBeInTheDocument();
  });

  it('a changed syllabus: the row needs a new look, with the previous answer beside the new reply', async () => {
    renderPanel([
      office(),
      makeCheckItem({
        id: 'late_work',
        question: 'What happens if I turn in work late?',
        status: 'needs_review',
        answer: 'Late work loses 10% a day.',
        reply: makeReply({
          response: 'Late work loses 20% a day, up to three days.',
        }),
      }),
    ]);
    expect(await screen.findByText('· 1 needs a new look')).toBeInTheDocument();
    const late = await row('What happens if I turn in work late?');
    expect(late.getByText('Needs a new look')).toBeInTheDocument();
    expect(late.getByText(CHECK_TEXT.reviewExplained)).toBeInTheDocument();
    expect(late.getByText(CHECK_TEXT.previousAnswer)).toBeInTheDocument();
    expect(late.getByText('Late work loses 10% a day.')).toBeInTheDocument();
    expect(late.getByText(CHECK_TEXT.newReply)).toBeInTheDocument();
    expect(late.getByText('Late work loses 20% a day, up to three days.')).toBeInTheDocument();
    // it can be confirmed, edited or marked again
    expect(
      late.getByRole('button', { name: 'Confirm: What happens if I turn in work late?' }),
    ).not.toHaveAttribute('aria-disabled');
    await userEvent.click(
      late.getByRole('button', { name: 'Confirm: What happens if I turn in work late?' }),
    );
    expect(await late.findByText('Confirmed')).toBeInTheDocument();
    expect(screen.queryByText('· 1 needs a new look')).toBeNull();
  });

  it('adds a question of the teacher’s own; the server’s refusal shows under the field', async () => {
    const { calls, base } = renderPanel([office()]);
    const input = await screen.findByLabelText(CHECK_TEXT.addLabel);

    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining(CHAT_MESSAGES.blankQuestion),
      ),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(input, 'when are the office hours?{Enter}');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining(CHECK_MESSAGES.alreadyListed),
      ),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // and it is announced
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(CHECK_MESSAGES.alreadyListed);
    expect(input).toHaveValue('when are the office hours?');

    await userEvent.clear(input);
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, 'Are lecture slides posted?{Enter}');
    const own = within(await screen.findByRole('list', { name: 'Your questions' }));
    expect(own.getByText('Are lecture slides posted?')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: base,
      body: { question: 'Are lecture slides posted?' },
    });
    // the teacher's own questions are not counted in the standard list
    expect(screen.getByText('0 of 20 checked')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      CHECK_TEXT.announce.added('Are lecture slides posted?'),
    );
  });

  it('too many questions of the teacher’s own: the server’s words', async () => {
    renderPanel([office()], {
      [`POST /classes/${CLASS_ID}/assistant-check`]: {
        status: 422,
        body: { success: false, detail: CHECK_MESSAGES.tooManyOwn, code: 'VALIDATION_ERROR' },
      },
    });
    const input = await screen.findByLabelText(CHECK_TEXT.addLabel);
    await userEvent.type(input, 'Is there a lab fee?{Enter}');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining(CHECK_MESSAGES.tooManyOwn)),
    );
  });
});

describe('Review Course → Check your assistant', () => {
  function setup(item: ClassItem, items: AssistantCheckItem[]) {
    const check = checkRoutes(item.id, items);
    const user = makeUser();
    seedSession(user);
    return mockApi({
      'GET /auth/profile': ok({ user }),
      'GET /classes': ok({ classes: [item], billing_summary: makeUsage() }),
      'GET /billing/validate-class-creation': ok({ can_create: true, cost: 0, message: 'ok' }),
      [`GET /content/class/${item.id}`]: ok({ contents: [] }),
      ...check.routes,
    });
  }

  it('is a tab with the count; checking changes the count', async () => {
    const item = makeClass({
      class_name: 'Economics',
      assistant_check: { checked: 0, total: 20, needs_review: 0, asked_unchecked: 0 },
    });
    setup(item, [office()]);
    renderApp('/dashboard');
    const card = within(await screen.findByRole('article', { name: 'Economics' }));
    expect(card.getByText('0 of 20')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Review course' }));
    const review = within(await screen.findByRole('dialog', { name: 'Review Course' }));
    review.getByRole('tab', { name: 'Course content' }).focus();
    await userEvent.keyboard('{End}');
    const tab = review.getByRole('tab', { name: 'Check your assistant 0/20 checked' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab).toHaveFocus();
    const hours = within(
      await review.findByRole('listitem', { name: 'When are the office hours?' }),
    );
    await userEvent.click(
      hours.getByRole('button', { name: 'Confirm: When are the office hours?' }),
    );
    expect(await hours.findByText('Confirmed')).toBeInTheDocument();
    expect(
      review.getByRole('tab', { name: 'Check your assistant 1/20 checked' }),
    ).toBeInTheDocument();
  });

  it('the card’s nudge opens Review Course on the check', async () => {
    const item = makeClass({
      class_name: 'Economics',
      assistant_check: { checked: 12, total: 20, needs_review: 2, asked_unchecked: 3 },
    });
    setup(item, [office()]);
    renderApp('/dashboard');
    const card = within(await screen.findByRole('article', { name: 'Economics' }));
    expect(card.getByText('12 of 20')).toBeInTheDocument();
    expect(card.getByText('Assistant checked:').closest('p')).toHaveTextContent(
      'Assistant checked: 12 of 20· 2 need a new look',
    );
    expect(card.getByText('Students asked 3 questions you haven’t checked')).toBeInTheDocument();
    await userEvent.click(
      card.getByRole('button', { name: 'Check them: questions students asked in Economics' }),
    );
    const review = within(await screen.findByRole('dialog', { name: 'Review Course' }));
    expect(review.getByRole('tab', { name: /^Check your assistant/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await review.findByRole('listitem', { name: 'When are the office hours?' }),
    ).toBeTruthy();
  });

  it('/dashboard?review=<class>&tab=check opens it there (the analytics’ Check them)', async () => {
    const item = makeClass({ class_name: 'Economics' });
    setup(item, [office()]);
    const { router } = renderApp(`/dashboard?review=${item.id}&tab=check`);
    const review = within(await screen.findByRole('dialog', { name: 'Review Course' }));
    expect(review.getByRole('tab', { name: /^Check your assistant/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
