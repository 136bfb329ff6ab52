import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEACHER_ANSWER_MAX_LENGTH } from '@app/contracts';
import { makeClass, makeContent } from '@/test/class-fixtures';
import { deferred } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { CORRECTION_SAVED } from './correction-dialog';
import {
  conversationServer,
  makeConversation,
  makeDetail,
  makeRequest,
  ok,
  queriesTo,
  signedInWith,
} from './test-fixtures';

// the lazy route and several requests can take over a second on a busy machine
configure({ asyncUtilTimeout: 5000 });

const bio = makeClass({ class_name: 'Cell Biology', course_code: 'BIO 101', semester: 'Fall' });
const chem = makeClass({ class_name: 'Chemistry', course_code: 'CHEM 110', semester: 'Fall' });
const listPath = (classId: string) => `GET /chat/conversations/${classId}`;

/** 45 conversations, newest first: three pages. */
function manyConversations() {
  return Array.from({ length: 45 }, (_, i) =>
    makeConversation({ question: `Question number ${i + 1}?`, response_preview: `Reply ${i + 1}` }),
  );
}

describe('/chat-history', () => {
  it('preselects the first class, keeps ?class= in sync and follows the class selector', async () => {
    signedInWith([chem, bio], {
      [listPath(bio.id)]: conversationServer([makeConversation({ question: 'Bio question?' })]),
      [listPath(chem.id)]: conversationServer([makeConversation({ question: 'Chem question?' })]),
    });
    const { router } = renderApp('/chat-history');
    const user = userEvent.setup();
    // sorted by name within the semester: Cell Biology first
    expect(await screen.findByText('Bio question?')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveValue(bio.id);
    await waitFor(() => expect(router.state.location.search).toBe(`?class=${bio.id}`));
    expect(screen.getByText(`${window.location.origin}/chat/${bio.chat_uuid}`)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Class' }), chem.id);
    expect(await screen.findByText('Chem question?')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?class=${chem.id}`);
    expect(screen.getByRole('link', { name: 'Open student chat in a new tab' })).toHaveAttribute(
      'href',
      `${window.location.origin}/chat/${chem.chat_uuid}`,
    );
  });

  it('an older link with ?class_id= opens that class and becomes ?class=', async () => {
    signedInWith([chem, bio], {
      [listPath(chem.id)]: conversationServer([makeConversation({ question: 'Chem question?' })]),
    });
    const { router } = renderApp(`/chat-history?class_id=${chem.id}`);
    expect(await screen.findByText('Chem question?')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?class=${chem.id}`));
  });

  it('without ?class=, opens on this term’s class with questions, not next term’s empty copy', async () => {
    const day = (offset: number) =>
      new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const year = new Date().getUTCFullYear();
    const current = makeClass({
      class_name: 'Cell Biology',
      semester: 'Fall',
      year,
      term_start: day(-60),
      term_end: day(60),
      time_zone: 'UTC',
      question_count: 3,
    });
    const copy = makeClass({
      class_name: 'Cell Biology',
      semester: 'Spring',
      year: year + 1,
      term_start: day(90),
      term_end: day(200),
      time_zone: 'UTC',
      question_count: 0,
    });
    signedInWith([copy, current], {
      [listPath(current.id)]: conversationServer([makeConversation({ question: 'This term?' })]),
      [listPath(copy.id)]: conversationServer([]),
    });
    const { router } = renderApp('/chat-history');
    expect(await screen.findByText('This term?')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveValue(current.id);
    await waitFor(() => expect(router.state.location.search).toBe(`?class=${current.id}`));
    // the copy is a choice all the same
    const copyOption = screen.getByRole('option', {
      name: `Cell Biology (BIO 101) · Spring ${year + 1}`,
    });
    expect(copyOption).toHaveValue(copy.id);
  });

  it('?class= in the URL wins', async () => {
    signedInWith([chem, bio], {
      [listPath(chem.id)]: conversationServer([makeConversation({ question: 'Chem question?' })]),
    });
    renderApp(`/chat-history?class=${chem.id}`);
    expect(await screen.findByText('Chem question?')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveValue(chem.id);
  });

  it('pages 20 at a time on the server with Previous / Next and "Page X of Y"', async () => {
    signedInWith([bio], { [listPath(bio.id)]: conversationServer(manyConversations()) });
    renderApp('/chat-history');
    const user = userEvent.setup();
    expect(await screen.findByText('Question number 1?')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('button')).toHaveLength(20);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('45 conversations')).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();

    await user.click(next);
    expect(await screen.findByText('Question number 21?')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(previous).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Question number 41?')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(list).getAllByRole('button')).toHaveLength(5);

    const sent = queriesTo(`/chat/conversations/${bio.id}`).map((q) => [
      q.get('page'),
      q.get('per_page'),
    ]);
    expect(sent).toEqual([
      ['1', '20'],
      ['2', '20'],
      ['3', '20'],
    ]);
  });

  it('search is sent to the server as `search` (debounced) and goes back to page 1', async () => {
    const conversations = [
      ...manyConversations(),
      makeConversation({ question: 'When is the midterm exam?', response_preview: 'October.' }),
      makeConversation({ question: 'Office hours?', response_preview: 'Before the MIDTERM.' }),
    ];
    signedInWith([bio], { [listPath(bio.id)]: conversationServer(conversations) });
    renderApp('/chat-history');
    const user = userEvent.setup();
    await screen.findByText('Question number 1?');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'midterm');
    expect(await screen.findByText('When is the midterm exam?')).toBeInTheDocument();
    expect(screen.getByText('Office hours?')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByText('2 matches for “midterm”')).toBeInTheDocument();
    const searches = queriesTo(`/chat/conversations/${bio.id}`).filter((q) => q.has('search'));
    // debounced: one request for the whole word, at page 1
    expect(searches.map((q) => [q.get('search'), q.get('page')])).toEqual([['midterm', '1']]);
  });

  it('a search with more matches than the server counted shows "at least" and pages on', async () => {
    // the server counts 30 matches here (1,000 for real), then as far as the page asked for
    signedInWith([bio], { [listPath(bio.id)]: conversationServer(manyConversations(), 30) });
    renderApp('/chat-history');
    const user = userEvent.setup();
    await screen.findByText('Question number 1?');
    expect(screen.getByText('45 conversations')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'question');
    expect(await screen.findByText('30+ matches for “question”')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2+')).toBeInTheDocument();
    expect(screen.getByText('40+ matches for “question”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByText('45 matches for “question”')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('no search results say so and Clear search brings the list back', async () => {
    signedInWith([bio], {
      [listPath(bio.id)]: conversationServer([makeConversation({ question: 'Grading?' })]),
    });
    renderApp('/chat-history');
    const user = userEvent.setup();
    await screen.findByText('Grading?');
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'zebra');
    expect(
      await screen.findByRole('heading', { name: 'No conversations match “zebra”' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Grading?')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search conversations' })).toHaveValue('');
  });

  it('rows show the student or Anonymous, the time, what the student got, the source, question and preview', async () => {
    const rows = [
      makeConversation({ student_identifier: 'S-1042', source_type: 'syllabus' }),
      makeConversation({
        student_identifier: null,
        kind: 'excerpt',
        source_type: 'content',
        // the server flattens a preview onto one line
        response_preview:
          'Here is what the lab guide says about Office Hours: > Office hours are on Tuesdays. > **They run from 2 to 4 pm.** Email first.',
      }),
      makeConversation({ student_identifier: null, kind: 'none', source_type: 'other' }),
    ];
    signedInWith([bio], { [listPath(bio.id)]: conversationServer(rows) });
    renderApp('/chat-history');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second, third] = within(list).getAllByRole('button');
    expect(first).toHaveTextContent('S-1042');
    expect(within(first!).getByText('Answer')).toHaveAttribute(
      'title',
      'The student was given an answer',
    );
    expect(first).toHaveTextContent('Syllabus');
    expect(first).toHaveTextContent(rows[0]!.question);
    expect(first).toHaveTextContent(rows[0]!.response_preview);
    expect(within(first!).getByText(/2025/)).toHaveAttribute('datetime', rows[0]!.created_at);
    expect(second).toHaveTextContent('Anonymous');
    expect(within(second!).getByText('Excerpt')).toBeInTheDocument();
    expect(second).toHaveTextContent('Course material');
    // the excerpt's preview reads as text: no quotation or highlight marks
    expect(second).toHaveTextContent(
      'Here is what the lab guide says about Office Hours: Office hours are on Tuesdays. They run from 2 to 4 pm. Email first.',
    );
    expect(second!.textContent).not.toMatch(/\*\*| > /);
    // not covered says so once (no "Not in material" source beside it)
    expect(within(third!).getByText('Not covered')).toBeInTheDocument();
    expect(third).not.toHaveTextContent('Not in material');
    expect(within(third!).queryByText('Answer')).toBeNull();
  });

  it('the detail modal shows an excerpt as the quotation the student saw, with its kind', async () => {
    const row = makeConversation({
      question: 'When are office hours?',
      kind: 'excerpt',
      response_preview: 'Here is what the syllabus says about Office Hours: > Office hours…',
    });
    signedInWith([bio], {
      [listPath(bio.id)]: conversationServer([row]),
      [`GET /chat/conversation/${row.id}`]: ok(
        makeDetail(row, {
          response:
            'Here is what the syllabus says about Office Hours:\n> Office hours are on Tuesdays. **They run from 2 to 4 pm in <b>Hall</b> 210.** Email first.',
        }),
      ),
    });
    renderApp('/chat-history');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /When are office hours\?/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation' });
    expect(within(dialog).getByText('Excerpt')).toBeInTheDocument();
    const lead = await within(dialog).findByText(
      'Here is what the syllabus says about Office Hours:',
    );
    expect(lead.tagName).toBe('P');
    const quote = dialog.querySelector('blockquote')!;
    expect(quote).toHaveTextContent(
      'Office hours are on Tuesdays. They run from 2 to 4 pm in <b>Hall</b> 210. Email first.',
    );
    expect(quote.querySelector('mark')).toHaveTextContent(
      'They run from 2 to 4 pm in <b>Hall</b> 210.',
    );
    expect(quote.querySelector('b')).toBeNull();
    expect(dialog.textContent).not.toContain('**');
    expect(dialog.textContent).not.toContain('> Office');
  });

  it('the detail modal shows question, answer, cited items, time and tokens (no response time)', async () => {
    const row = makeConversation({ question: 'When is the midterm?', tokens_used: 1234 });
    signedInWith([bio], {
      [listPath(bio.id)]: conversationServer([row]),
      [`GET /chat/conversation/${row.id}`]: ok(
        makeDetail(row, {
          response: 'The midterm is on October 14, in class.',
          citations: [
            {
              content_id: 'c1',
              title: 'Course Syllabus',
              content_type: 'syllabus',
              excerpt: 'Midterm exam: October 14.',
            },
          ],
        }),
      ),
    });
    renderApp('/chat-history');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /When is the midterm\?/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation' });
    expect(within(dialog).getByText('When is the midterm?')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('The midterm is on October 14, in class.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Course Syllabus')).toBeInTheDocument();
    expect(within(dialog).getByText('Midterm exam: October 14.')).toBeInTheDocument();
    expect(within(dialog).getByText('1,234')).toBeInTheDocument();
    expect(within(dialog).getByText('Tokens')).toBeInTheDocument();
    expect(within(dialog).queryByText('Response time')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the Email Requests toggle shows the unanswered count and the requests with Mark Responded', async () => {
    const request = makeRequest({ student_email: 'maya@uni.test' });
    let responded = false;
    const calls = signedInWith([bio], {
      [listPath(bio.id)]: conversationServer([]),
      'GET /chat/email-requests': () =>
        ok({
          requests: [
            {
              ...request,
              teacher_responded_at: responded ? '2025-10-03T09:00:00.000Z' : null,
            },
          ],
          unanswered: responded ? 0 : 1,
        }),
      [`POST /chat/email-requests/${request.id}/respond`]: () => {
        responded = true;
        return ok({ ...request, teacher_responded_at: '2025-10-03T09:00:00.000Z' });
      },
    });
    renderApp('/chat-history');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Email Requests 1 unanswered' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const card = await screen.findByRole('article', { name: 'maya@uni.test' });
    expect(within(card).getByRole('link', { name: 'maya@uni.test' })).toHaveAttribute(
      'href',
      'mailto:maya@uni.test',
    );
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).getByText(request.conversation_question)).toBeInTheDocument();
    expect(within(card).getByText(request.request_reason)).toBeInTheDocument();
    expect(queriesTo('/chat/email-requests').some((q) => q.get('class_id') === bio.id)).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Mark Responded' }));
    expect(await within(card).findByText(/^Responded/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Mark Responded' })).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/respond'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Email Requests' })).toBeInTheDocument();
    // the header bell refetched too: no count left
    await waitFor(() => expect(screen.queryByTestId('contact-request-count')).toBeNull());
  });

  it('a Mark Responded failure shows the server text and keeps the request pending', async () => {
    const request = makeRequest({ student_email: 'maya@uni.test' });
    signedInWith([bio], {
      [listPath(bio.id)]: conversationServer([]),
      'GET /chat/email-requests': ok({ requests: [request], unanswered: 1 }),
      [`POST /chat/email-requests/${request.id}/respond`]: {
        status: 404,
        body: { success: false, detail: 'Request not found', code: 'NOT_FOUND' },
      },
    });
    renderApp('/chat-history');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Email Requests/ }));
    const card = await screen.findByRole('article', { name: 'maya@uni.test' });
    await user.click(within(card).getByRole('button', { name: 'Mark Responded' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Request not found');
    expect(within(card).getByText('Pending')).toBeInTheDocument();
  });

  it('no conversations yet points at the share link', async () => {
    signedInWith([bio], { [listPath(bio.id)]: conversationServer([]) });
    renderApp('/chat-history');
    expect(
      await screen.findByRole('heading', { name: 'No conversations yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Share the student chat link above/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Conversation pages' })).toBeNull();
  });

  it('no classes links to the dashboard', async () => {
    signedInWith([]);
    renderApp('/chat-history');
    expect(await screen.findByRole('heading', { name: 'No classes yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Classes' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('a load failure is logged and shown calmly with Try again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    signedInWith([bio], {
      [listPath(bio.id)]: () =>
        fail
          ? { status: 503, body: { success: false, detail: 'Down', code: 'SERVICE_UNAVAILABLE' } }
          : conversationServer([makeConversation({ question: 'Back again?' })])(),
    });
    renderApp('/chat-history');
    const user = userEvent.setup();
    expect(await screen.findByText("Couldn't load conversations")).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Conversations failed to load', expect.any(Error));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again?')).toBeInTheDocument();
  });
});

describe('/chat-history filter, ratings and corrections', () => {
  /** 25 conversations, every fifth marked not helpful and every fourth not covered. */
  function rated() {
    return Array.from({ length: 25 }, (_, i) =>
      makeConversation({
        question: `Rated question ${i + 1}?`,
        feedback: i % 5 === 0 ? 'not_helpful' : i % 5 === 1 ? 'helpful' : null,
        ...(i % 4 === 3 ? { kind: 'none', source_type: 'other' } : {}),
      }),
    );
  }

  it('the filter is sent as ?filter, kept in the URL and goes back to page 1', async () => {
    signedInWith([bio], { [listPath(bio.id)]: conversationServer(rated()) });
    const { router } = renderApp('/chat-history');
    const user = userEvent.setup();
    await screen.findByText('Rated question 1?');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');

    const filters = screen.getByRole('group', { name: 'Show' });
    expect(within(filters).getByRole('radio', { name: 'All' })).toBeChecked();
    await user.click(within(filters).getByRole('radio', { name: 'Not helpful' }));
    expect(await screen.findByText('5 answers marked not helpful')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(within(filters).getByRole('radio', { name: 'Not helpful' })).toBeChecked();
    expect(router.state.location.search).toBe(`?class=${bio.id}&filter=not_helpful`);
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('button')).toHaveLength(5);
    const last = queriesTo(`/chat/conversations/${bio.id}`).at(-1)!;
    expect([last.get('filter'), last.get('page')]).toEqual(['not_helpful', '1']);

    // the arrow keys move along the radio group
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?class=${bio.id}&filter=not_covered`),
    );
    expect(await screen.findByText('6 answers not covered by the material')).toBeInTheDocument();

    await user.click(within(filters).getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('25 conversations')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?class=${bio.id}`);
    expect(queriesTo(`/chat/conversations/${bio.id}`).at(-1)!.has('filter')).toBe(false);
  });

  it('?filter= in the URL is used, with an empty state per filter', async () => {
    signedInWith([bio], {
      [listPath(bio.id)]: conversationServer([makeConversation({ question: 'Fine answer?' })]),
    });
    const { router } = renderApp(`/chat-history?class=${bio.id}&filter=not_helpful`);
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'No answers marked not helpful' }),
    ).toBeInTheDocument();
    expect(queriesTo(`/chat/conversations/${bio.id}`)[0]!.get('filter')).toBe('not_helpful');

    await user.click(screen.getByRole('radio', { name: 'Not covered' }));
    expect(
      await screen.findByRole('heading', { name: 'No questions outside the material' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all conversations' }));
    expect(await screen.findByText('Fine answer?')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?class=${bio.id}`);
  });

  it('rows and the detail show the rating and Corrected', async () => {
    const rows = [
      makeConversation({ question: 'Bad answer?', feedback: 'not_helpful' }),
      makeConversation({ question: 'Good answer?', feedback: 'helpful' }),
      makeConversation({ question: 'Fixed answer?', feedback: 'not_helpful', corrected: true }),
      makeConversation({ question: 'Unrated?' }),
    ];
    signedInWith([bio], {
      [listPath(bio.id)]: conversationServer(rows),
      [`GET /chat/conversation/${rows[2]!.id}`]: ok(makeDetail(rows[2]!)),
    });
    renderApp('/chat-history');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [bad, good, fixed, unrated] = within(list).getAllByRole('button');
    expect(within(bad!).getByText('Not helpful')).toBeInTheDocument();
    expect(within(bad!).queryByText('Corrected')).toBeNull();
    expect(within(good!).getByText('Helpful')).toBeInTheDocument();
    expect(within(fixed!).getByText('Not helpful')).toBeInTheDocument();
    expect(within(fixed!).getByText('Corrected')).toBeInTheDocument();
    expect(unrated).not.toHaveTextContent(/helpful|Corrected/i);

    await user.click(fixed!);
    const dialog = await screen.findByRole('dialog', { name: 'Conversation' });
    expect(within(dialog).getByText('Not helpful')).toBeInTheDocument();
    expect(within(dialog).getByText('Corrected')).toBeInTheDocument();
  });

  it('Correct answer posts the answer, toasts, returns focus and the row shows Corrected', async () => {
    const rows = [makeConversation({ question: 'When is the exam?', feedback: 'not_helpful' })];
    const row = rows[0]!;
    const calls = signedInWith([bio], {
      [listPath(bio.id)]: conversationServer(rows),
      [`GET /chat/conversation/${row.id}`]: () => ok(makeDetail(rows[0]!)),
      [`POST /chat/conversation/${row.id}/correct`]: () => {
        rows[0] = { ...row, corrected: true };
        return {
          status: 201,
          body: {
            success: true,
            data: {
              content: makeContent({
                class_id: bio.id,
                title: row.question,
                content_type: 'other',
              }),
              conversation: rows[0],
            },
          },
        };
      },
    });
    renderApp('/chat-history');
    const user = userEvent.setup();
    // by keyboard: the row opens the detail, whose first control is Correct answer
    const rowButton = await screen.findByRole('button', { name: /When is the exam\?/ });
    rowButton.focus();
    await user.keyboard('{Enter}');
    const detail = await screen.findByRole('dialog', { name: 'Conversation' });
    const correct = within(detail).getByRole('button', { name: 'Correct answer' });
    await waitFor(() => expect(correct).toHaveFocus());
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Correct this answer' });
    expect(dialog).toHaveTextContent('When is the exam?');
    const box = within(dialog).getByRole('textbox', { name: 'Correct answer' });
    expect(box).toHaveAttribute('maxLength', String(TEACHER_ANSWER_MAX_LENGTH));
    const save = within(dialog).getByRole('button', { name: 'Save correction' });
    expect(save).toBeDisabled();
    await user.type(box, '  On December 12, in room B214. ');
    expect(within(dialog).getByText('29 / 10,000 characters')).toBeInTheDocument();
    await user.click(save);

    expect(await screen.findByText(CORRECTION_SAVED)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Correct this answer' })).toBeNull(),
    );
    expect(calls.find((c) => c.path.endsWith('/correct'))?.body).toEqual({
      answer: 'On December 12, in room B214.',
    });
    // back in the detail: focus on its opener, and the answer now shows Corrected
    await waitFor(() => expect(correct).toHaveFocus());
    expect(within(detail).getByText('Corrected')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const updated = screen.getByRole('button', { name: /When is the exam\?/ });
    expect(within(updated).getByText('Corrected')).toBeInTheDocument();
    await waitFor(() => expect(updated).toHaveFocus());
  });

  it("a refused correction shows the server's message in the dialog and keeps the text", async () => {
    const row = makeConversation({ question: 'Is the lab open?' });
    signedInWith([bio], {
      [listPath(bio.id)]: conversationServer([row]),
      [`GET /chat/conversation/${row.id}`]: ok(makeDetail(row)),
      [`POST /chat/conversation/${row.id}/correct`]: {
        status: 422,
        body: {
          success: false,
          detail: [
            {
              loc: ['body', 'answer'],
              msg: 'Answers can be at most 10,000 characters.',
              type: 'x',
            },
          ],
          code: 'VALIDATION_ERROR',
        },
      },
    });
    renderApp('/chat-history');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Is the lab open\?/ }));
    const detail = await screen.findByRole('dialog', { name: 'Conversation' });
    await user.click(within(detail).getByRole('button', { name: 'Correct answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct this answer' });
    const box = within(dialog).getByRole('textbox', { name: 'Correct answer' });
    await user.type(box, 'Yes, until 6 pm.');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Answers can be at most 10,000 characters.',
    );
    expect(box).toHaveValue('Yes, until 6 pm.');
    expect(within(dialog).getByRole('button', { name: 'Save correction' })).toBeEnabled();
  });

  it('shows Saving... while the correction is on its way', async () => {
    const row = makeConversation({ question: 'Office hours?' });
    const slow = deferred({
      status: 201,
      body: {
        success: true,
        data: {
          content: makeContent({ class_id: bio.id, content_type: 'other' }),
          conversation: { ...row, corrected: true },
        },
      },
    });
    signedInWith([bio], {
      [listPath(bio.id)]: conversationServer([row]),
      [`GET /chat/conversation/${row.id}`]: ok(makeDetail(row)),
      [`POST /chat/conversation/${row.id}/correct`]: slow.handler,
    });
    renderApp('/chat-history');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Office hours\?/ }));
    await user.click(await screen.findByRole('button', { name: 'Correct answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct this answer' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Correct answer' }), 'Mondays.');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    slow.release();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Correct this answer' })).toBeNull(),
    );
  });
});
