import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPLY_MAX_LENGTH } from '@app/contracts';
import { makeClass, makeContent } from '@/test/class-fixtures';
import { renderApp } from '@/test/render';
import { ANSWER_SAVED } from './answer-dialog';
import { ANSWERED_NOTE } from './contact-requests-panel';
import { DISMISS_TEXT } from './unanswered-panel';
import {
  conversationServer,
  makeConversation,
  makeDetail,
  makeGroup,
  makeRequest,
  ok,
  queriesTo,
  signedInWith,
} from './test-fixtures';

// the lazy route and several requests can take over a second on a busy machine
configure({ asyncUtilTimeout: 5000 });

const fall = makeClass({
  class_name: 'Cell Biology',
  course_code: 'BIO 101',
  semester: 'Fall',
  year: 2025,
  student_size: 42,
  question_count: 13,
});
const fallInactive = makeClass({
  class_name: 'Genetics',
  course_code: 'BIO 230',
  semester: 'Fall',
  year: 2025,
  question_count: 7,
  is_active: false,
});
const spring = makeClass({
  class_name: 'Ecology',
  course_code: 'BIO 150',
  semester: 'Spring',
  year: 2025,
  question_count: 9,
});
const classes = [spring, fallInactive, fall];
const emptyClassRoutes = Object.fromEntries(
  classes.flatMap((c) => [
    [`GET /chat/conversations/${c.id}`, conversationServer([])],
    [`GET /chat/unanswered/${c.id}`, ok({ groups: [], total: 0 })],
  ]),
);

function open(path: string, routes: Parameters<typeof signedInWith>[1] = {}) {
  const calls = signedInWith(classes, { ...emptyClassRoutes, ...routes });
  const view = renderApp(path);
  return { calls, ...view, user: userEvent.setup() };
}

const sidebar = () => screen.getByRole('navigation', { name: 'Classes by semester' });

describe('/chats sidebar', () => {
  it('groups classes by semester with totals, the ~20 % recent estimate and the current season open', async () => {
    const { user } = open('/chats');
    await screen.findByRole('heading', { level: 2, name: 'Cell Biology' });
    const nav = sidebar();
    const fallHeader = within(nav).getByRole('button', { name: /Fall 2025/ });
    const springHeader = within(nav).getByRole('button', { name: /Spring 2025/ });
    // Fall before Spring within a year; 13 + 7 = 20 questions → ~4 recent; 9 → ~1
    expect(within(nav).getAllByRole('button', { expanded: true })).toEqual([fallHeader]);
    expect(fallHeader).toHaveTextContent('Current');
    expect(fallHeader).toHaveTextContent('20 questions · ~4 recent (est.)');
    expect(springHeader).toHaveAttribute('aria-expanded', 'false');
    expect(springHeader).toHaveTextContent('9 questions · ~1 recent');
    expect(within(nav).queryByRole('button', { name: /Ecology/ })).toBeNull();

    const biology = within(nav).getByRole('button', { name: /Cell Biology/ });
    expect(biology).toHaveAttribute('aria-current', 'true');
    expect(biology).toHaveTextContent('BIO 101 · 42 students · 13 questions');
    expect(biology).not.toHaveTextContent('Inactive');
    expect(within(nav).getByRole('button', { name: /Genetics/ })).toHaveTextContent('Inactive');

    await user.click(springHeader);
    expect(springHeader).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('button', { name: /Ecology/ })).toBeInTheDocument();
    await user.click(fallHeader);
    expect(fallHeader).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('button', { name: /Cell Biology/ })).toBeNull();
  });

  it('selecting a class shows it and is reflected in ?class=', async () => {
    const { router, user } = open('/chats', {
      [`GET /chat/conversations/${fallInactive.id}`]: conversationServer([
        makeConversation({ question: 'Is there a genetics lab?' }),
      ]),
    });
    await screen.findByRole('heading', { level: 2, name: 'Cell Biology' });
    await waitFor(() => expect(router.state.location.search).toBe(`?class=${fall.id}`));
    await user.click(within(sidebar()).getByRole('button', { name: /Genetics/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Genetics/ })).toBeInTheDocument();
    expect(await screen.findByText('Is there a genetics lab?')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?class=${fallInactive.id}`);
    expect(screen.getByText(/students cannot ask questions until you reactivate it/)).toBeVisible();
  });

  it('?class= opens that class with its semester expanded; below 1024 px a Select picks classes', async () => {
    const { router, user } = open(`/chats?class=${spring.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Ecology' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('button', { name: /Spring 2025/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const select = screen.getByRole('combobox', { name: 'Class' });
    expect(select).toHaveValue(spring.id);
    await user.selectOptions(select, fall.id);
    expect(await screen.findByRole('heading', { level: 2, name: 'Cell Biology' })).toBeVisible();
    expect(router.state.location.search).toBe(`?class=${fall.id}`);
  });
});

describe('/chats with students waiting', () => {
  it('opens on a class with a pending contact request and marks it in the sidebar and the Select', async () => {
    const { router } = open('/chats', {
      'GET /chat/email-requests': ok({
        requests: [makeRequest({ class_id: spring.id, class_name: 'Ecology' })],
        unanswered: 1,
      }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ecology' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?class=${spring.id}`));
    const ecology = within(sidebar()).getByRole('button', { name: /Ecology/ });
    expect(ecology).toHaveTextContent('1 contact request waiting');
    expect(within(sidebar()).getByRole('button', { name: /Cell Biology/ })).not.toHaveTextContent(
      'waiting',
    );
    const option = within(screen.getByRole('combobox', { name: 'Class' })).getByRole('option', {
      name: /Ecology/,
    });
    // its term is part of its name (issue 31: a course taught again is two classes of one name)
    expect(option).toHaveTextContent('Ecology (BIO 150) · Spring 2025 · 1 waiting');
  });
});

describe('/chats views', () => {
  it('?view= picks Contact Requests or Unanswered, and the toggle writes it back', async () => {
    const { router, user } = open(`/chats?class=${fall.id}&view=unanswered`, {
      'GET /chat/email-requests': ok({ requests: [makeRequest(), makeRequest()], unanswered: 2 }),
      [`GET /chat/unanswered/${fall.id}`]: ok({
        groups: [makeGroup({ question: 'Where is the lab?', count: 3 })],
        total: 3,
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Unanswered questions' })).toBeVisible();
    const views = screen.getByRole('group', { name: 'View' });
    expect(await within(views).findByRole('button', { name: 'Unanswered 1 open' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      await within(views).findByRole('button', { name: 'Contact Requests 2 unanswered' }),
    ).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(views).getByRole('button', { name: /Contact Requests/ }));
    expect(await screen.findByRole('heading', { name: 'Contact Requests' })).toBeVisible();
    expect(router.state.location.search).toBe(`?class=${fall.id}&view=requests`);

    await user.click(within(views).getByRole('button', { name: 'Conversations' }));
    expect(await screen.findByRole('searchbox', { name: 'Search conversations' })).toBeVisible();
    expect(router.state.location.search).toBe(`?class=${fall.id}`);
  });

  it('the detail modal on /chats also shows the response time in ms', async () => {
    const row = makeConversation({ question: 'Late policy?', response_time_ms: 1875 });
    const { user } = open(`/chats?class=${fall.id}`, {
      [`GET /chat/conversations/${fall.id}`]: conversationServer([row]),
      [`GET /chat/conversation/${row.id}`]: ok(makeDetail(row)),
    });
    await user.click(await screen.findByRole('button', { name: /Late policy\?/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation' });
    expect(within(dialog).getByText('Response time')).toBeInTheDocument();
    expect(within(dialog).getByText('1,875 ms')).toBeInTheDocument();
  });
});

describe('/chats filter', () => {
  it('?filter= beside ?class= shows only the answers marked not helpful; another filter starts at page 1', async () => {
    const rows = [
      makeConversation({ question: 'Wrong answer?', feedback: 'not_helpful' }),
      makeConversation({ question: 'Right answer?', feedback: 'helpful' }),
      makeConversation({ question: 'Not in the syllabus?', kind: 'none', source_type: 'other' }),
    ];
    const { router, user } = open(`/chats?class=${fall.id}&filter=not_helpful`, {
      [`GET /chat/conversations/${fall.id}`]: conversationServer(rows),
    });
    const wrong = await screen.findByRole('button', { name: /Wrong answer\?/ });
    expect(within(wrong).getByText('Not helpful')).toBeInTheDocument();
    expect(screen.queryByText('Right answer?')).toBeNull();
    expect(screen.getByText('1 answer marked not helpful')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Not helpful' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Not covered' }));
    expect(await screen.findByText('Not in the syllabus?')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?class=${fall.id}&filter=not_covered`);
    const sent = queriesTo(`/chat/conversations/${fall.id}`).map((q) => [
      q.get('filter'),
      q.get('page'),
    ]);
    expect(sent).toEqual([
      ['not_helpful', '1'],
      ['not_covered', '1'],
    ]);

    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('Right answer?')).toBeInTheDocument();
    const right = screen.getByRole('button', { name: /Right answer\?/ });
    expect(within(right).getByText('Helpful')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?class=${fall.id}`);
  });
});

describe('/chats contact requests', () => {
  it('lists pending first with status, reply and responded date', async () => {
    open(`/chats?class=${fall.id}&view=requests`, {
      'GET /chat/email-requests': ok({
        requests: [
          makeRequest({ student_email: 'new@uni.test' }),
          makeRequest({
            student_email: 'old@uni.test',
            teacher_responded_at: '2025-10-02T15:00:00.000Z',
            reply: 'Yes, one page of notes.',
            replied_at: '2025-10-02T15:00:00.000Z',
          }),
        ],
        unanswered: 1,
      }),
    });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual([
      'new@uni.test',
      'old@uni.test',
    ]);
    expect(within(cards[0]!).getByText('Pending')).toBeInTheDocument();
    expect(within(cards[1]!).getByText(/^Responded /)).toHaveTextContent(
      `Responded ${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2025-10-02T15:00:00.000Z'))}`,
    );
    expect(within(cards[1]!).getByText('Yes, one page of notes.')).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button', { name: 'Mark Responded' })).toBeNull();
    const when = within(cards[0]!).getByText((_, el) => el?.tagName === 'TIME');
    expect(when).toHaveAttribute('title');
    expect(when.getAttribute('title')).toMatch(/2025/);
  });

  it('a request whose question the teacher answered for the class is Answered, not pending', async () => {
    open(`/chats?class=${fall.id}&view=requests`, {
      'GET /chat/email-requests': ok({
        requests: [makeRequest({ student_email: 'ana@uni.test', answered: true })],
        unanswered: 0,
      }),
    });
    const card = await screen.findByRole('article', { name: 'ana@uni.test' });
    expect(within(card).getByText('Answered')).toBeInTheDocument();
    expect(within(card).queryByText('Pending')).toBeNull();
    expect(card).toHaveTextContent(ANSWERED_NOTE);
    expect(within(card).queryByRole('button', { name: 'Mark Responded' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Reply' })).toBeEnabled();
    expect(screen.queryByTestId('contact-request-count')).toBeNull();
  });

  it('Reply sends the message, shows 502 detail while keeping the text, then succeeds', async () => {
    const request = makeRequest({ student_email: 'maya@uni.test' });
    let attempts = 0;
    let replied = false;
    const { calls, user } = open(`/chats?class=${fall.id}&view=requests`, {
      'GET /chat/email-requests': () =>
        ok({
          requests: [
            replied
              ? {
                  ...request,
                  teacher_responded_at: '2025-10-03T09:00:00.000Z',
                  reply: 'Yes, bring one page.',
                  replied_at: '2025-10-03T09:00:00.000Z',
                }
              : request,
          ],
          unanswered: replied ? 0 : 1,
        }),
      [`POST /chat/email-requests/${request.id}/reply`]: () => {
        attempts += 1;
        if (attempts === 1) {
          return {
            status: 502,
            body: {
              success: false,
              detail: 'Your reply could not be e-mailed. Please try again.',
              code: 'SERVICE_UNAVAILABLE',
            },
          };
        }
        replied = true;
        return ok({ ...request, reply: 'Yes, bring one page.' });
      },
    });
    const card = await screen.findByRole('article', { name: 'maya@uni.test' });
    expect(await screen.findByTestId('contact-request-count')).toHaveTextContent('1');
    await user.click(within(card).getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to the student' });
    expect(dialog).toHaveTextContent('Your reply is e-mailed to maya@uni.test');
    const send = within(dialog).getByRole('button', { name: 'Send Reply' });
    expect(send).toBeDisabled();
    const box = within(dialog).getByRole('textbox', { name: 'Your reply' });
    expect(box).toHaveAttribute('maxLength', String(REPLY_MAX_LENGTH));
    await user.type(box, '  Yes, bring one page.');
    expect(within(dialog).getByText('20 / 5,000 characters')).toBeInTheDocument();

    await user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your reply could not be e-mailed. Please try again.',
    );
    expect(box).toHaveValue('  Yes, bring one page.');

    await user.click(within(dialog).getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((c) => c.path.endsWith('/reply')).map((c) => c.body);
    expect(sent).toEqual([
      { message: 'Yes, bring one page.' },
      { message: 'Yes, bring one page.' },
    ]);
    const updated = await screen.findByRole('article', { name: 'maya@uni.test' });
    expect(await within(updated).findByText('Yes, bring one page.')).toBeInTheDocument();
    expect(within(updated).getByText(/^Responded /)).toBeInTheDocument();
    // the bell's count drops with it
    await waitFor(() => expect(screen.queryByTestId('contact-request-count')).toBeNull());
  });
});

describe('/chats unanswered questions', () => {
  it('answering a group saves it as class material and the group leaves the list', async () => {
    const lab = makeGroup({
      question: 'Where is the lab?',
      count: 3,
      variants: ['Which room is the lab in?', 'lab location?'],
    });
    const notes = makeGroup({ question: 'Can I bring notes?', count: 1 });
    let answered = false;
    const { calls, user } = open(`/chats?class=${fall.id}&view=unanswered`, {
      [`GET /chat/unanswered/${fall.id}`]: () =>
        ok({ groups: answered ? [notes] : [lab, notes], total: answered ? 1 : 4 }),
      [`POST /chat/unanswered/${fall.id}/answer`]: () => {
        answered = true;
        return {
          status: 201,
          body: {
            success: true,
            data: {
              content: makeContent({ class_id: fall.id, title: 'Lab room', content_type: 'other' }),
              resolved: 3,
            },
          },
        };
      },
    });
    const labCard = (await screen.findByText('Where is the lab?')).closest('li')!;
    expect(labCard).toHaveTextContent('Asked 3 times');
    expect(labCard).toHaveTextContent('“Which room is the lab in?”');
    expect(labCard).toHaveTextContent('“lab location?”');
    expect(screen.getByText('Can I bring notes?').closest('li')).toHaveTextContent('Asked 1 time');

    await user.click(within(labCard).getByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer this question' });
    const question = within(dialog).getByRole('textbox', { name: 'Question' });
    expect(question).toHaveValue('Where is the lab?');
    expect(question).toHaveAttribute('maxLength', '255');
    await user.clear(question);
    await user.type(question, 'Lab room');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Your answer' }),
      'Room B214, Science Building.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save to class material' }));

    expect(await screen.findByText(ANSWER_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('Where is the lab?')).toBeNull());
    expect(screen.getByText('Can I bring notes?')).toBeInTheDocument();
    // the answered group's Answer is gone: focus goes to the group now in its place
    const notesCard = screen.getByText('Can I bring notes?').closest('li')!;
    await waitFor(() =>
      expect(within(notesCard).getByRole('button', { name: 'Answer' })).toHaveFocus(),
    );
    expect(calls.find((c) => c.path.endsWith('/answer'))?.body).toEqual({
      question: 'Lab room',
      answer: 'Room B214, Science Building.',
      conversation_ids: lab.conversation_ids,
    });
  });

  it('cancelling an answer gives focus back to its Answer', async () => {
    const { user } = open(`/chats?class=${fall.id}&view=unanswered`, {
      [`GET /chat/unanswered/${fall.id}`]: ok({ groups: [makeGroup()], total: 1 }),
    });
    const answer = await screen.findByRole('button', { name: 'Answer' });
    await user.click(answer);
    await screen.findByRole('dialog', { name: 'Answer this question' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(answer).toHaveFocus());
  });

  it('a blank question is not sent and the form says why', async () => {
    const { calls, user } = open(`/chats?class=${fall.id}&view=unanswered`, {
      [`GET /chat/unanswered/${fall.id}`]: ok({ groups: [makeGroup()], total: 1 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer this question' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Question' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your answer' }), 'Something');
    await user.click(within(dialog).getByRole('button', { name: 'Save to class material' }));
    expect(within(dialog).getByText('Please enter the question.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/answer'))).toBe(false);
  });

  it('Dismiss takes a question not about the course off the list, focus moves to the next, and Undo in the toast puts it back', async () => {
    const pizza = makeGroup({ question: 'Best pizza in town?', count: 2 });
    const notes = makeGroup({ question: 'Can I bring notes?', count: 1 });
    let dismissed = false;
    const { calls, user } = open(`/chats?class=${fall.id}&view=unanswered`, {
      [`GET /chat/unanswered/${fall.id}`]: () =>
        ok({ groups: dismissed ? [notes] : [pizza, notes], total: dismissed ? 1 : 3 }),
      [`POST /chat/unanswered/${fall.id}/dismiss`]: () => {
        dismissed = true;
        return ok({ changed: 2 });
      },
      [`POST /chat/unanswered/${fall.id}/restore`]: () => {
        dismissed = false;
        return ok({ changed: 2 });
      },
    });
    const pizzaCard = (await screen.findByText('Best pizza in town?')).closest('li')!;
    const dismiss = within(pizzaCard).getByRole('button', { name: 'Dismiss' });
    expect(dismiss).toHaveAccessibleDescription(DISMISS_TEXT.hint);
    await user.click(dismiss);

    expect(await screen.findByText(DISMISS_TEXT.dismissed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Best pizza in town?')).toBeNull());
    const notesCard = screen.getByText('Can I bring notes?').closest('li')!;
    // the group now in its place has focus
    await waitFor(() =>
      expect(within(notesCard).getByRole('button', { name: 'Answer' })).toHaveFocus(),
    );
    expect(calls.find((c) => c.path.endsWith('/dismiss'))?.body).toEqual({
      conversation_ids: pizza.conversation_ids,
    });

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    const back = (await screen.findByText('Best pizza in town?')).closest('li')!;
    expect(within(back).getByRole('button', { name: 'Dismiss' })).toBeEnabled();
    expect(calls.find((c) => c.path.endsWith('/restore'))?.body).toEqual({
      conversation_ids: pizza.conversation_ids,
    });
  });

  it('a failed dismissal says so and keeps the question', async () => {
    const pizza = makeGroup({ question: 'Best pizza in town?' });
    const { user } = open(`/chats?class=${fall.id}&view=unanswered`, {
      [`GET /chat/unanswered/${fall.id}`]: ok({ groups: [pizza], total: 1 }),
      [`POST /chat/unanswered/${fall.id}/dismiss`]: () => ({
        status: 500,
        body: { success: false, detail: 'Internal server error', code: 'INTERNAL' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText(/Internal server error|could not be dismissed/)).toBeVisible();
    expect(screen.getByText('Best pizza in town?')).toBeInTheDocument();
  });

  it('shows the all-answered message when nothing is open', async () => {
    open(`/chats?class=${fall.id}&view=unanswered`);
    expect(
      await screen.findByText('Every question was answered from the material.'),
    ).toBeInTheDocument();
  });
});
