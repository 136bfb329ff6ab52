import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  CHAT_MESSAGES,
  CHECK_MESSAGES,
  excerptText,
  type ChatReply,
  type ChatSession,
  QUESTION_MAX_LENGTH,
} from '@app/contracts';
import { eventStream, sseEvent, streamReply } from '@/test/event-stream';
import { deferred, mockApi, networkDown, type RecordedCall, type Reply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const CHAT = '5b7c1d2e-3f40-4a51-9b62-7c83d94e0f15';
const SESSION_PATH = `GET /chat/session/${CHAT}`;
const OTHER_CHAT = '6c8d2e3f-4051-4b62-8c73-8d94ea5f1026';
/** Questions are answered as they are written; the plain ask is the fallback. */
const ASK_PATH = `POST /chat/ask/${CHAT}/stream`;
const PLAIN_ASK_PATH = `POST /chat/ask/${CHAT}`;
const CONTACT_PATH = `POST /chat/contact/${CHAT}`;

function makeSession(overrides: Partial<ChatSession> = {}): ChatSession {
  return {
    class_name: 'Cell Biology',
    description: 'Cells, membranes and metabolism.',
    sample_questions: ['When is the midterm?', 'What is the grading breakdown?', 'Who teaches?'],
    is_active: true,
    school_name: 'State University',
    professor: { first_name: 'Grace', last_name: 'Hopper' },
    coming_up: [],
    ...overrides,
  };
}

let replySeq = 0;
function makeReply(overrides: Partial<ChatReply> = {}): ChatReply {
  replySeq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(replySeq).padStart(12, '0')}`,
    response: 'The midterm is on October 14.',
    created_at: '2025-10-01T12:00:00.000Z',
    kind: 'answer',
    source_type: 'syllabus',
    confidence: 0.9,
    checked_by_teacher: false,
    citations: [
      {
        content_id: 'c-1',
        title: 'Course Syllabus',
        content_type: 'syllabus',
        excerpt: 'Midterm exam: October 14, in class.',
      },
      {
        content_id: 'c-2',
        title: 'Exam Guide',
        content_type: 'due_dates',
        excerpt: 'Bring a pencil to the midterm.',
      },
    ],
    ...overrides,
  };
}

const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
/** A streamed answer as the extractive answerer sends it: no draft, just the reply. */
const answered = (reply: ChatReply) => streamReply([sseEvent('done', reply)]);

async function openChat(routes: Parameters<typeof mockApi>[0]) {
  const calls = mockApi({ [SESSION_PATH]: ok(makeSession()), ...routes });
  renderApp(`/chat/${CHAT}`);
  await screen.findByRole('heading', { level: 1, name: 'Cell Biology' });
  return calls;
}

const questionBox = () => screen.getByLabelText('Your question');
const thread = () => within(screen.getByRole('log', { name: 'Conversation' }));
const suggestionChips = () =>
  within(screen.getByRole('list', { name: 'Suggested questions' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('student chat page: loading the session', () => {
  it('shows a skeleton, then the class, its teacher, the footer and the tab title', async () => {
    const pending = deferred(ok(makeSession()));
    mockApi({ [SESSION_PATH]: pending.handler });
    renderApp(`/chat/${CHAT}`);
    expect(await screen.findByText('Loading class chat')).toBeInTheDocument();
    act(() => pending.release());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cell Biology' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Cells, membranes and metabolism.')).toBeInTheDocument();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('State University · Professor Hopper')).toBeInTheDocument();
    expect(
      footer.getByText(`© ${new Date().getFullYear()} Syllabot. All rights reserved.`),
    ).toBeInTheDocument();
    // the tab title follows once the page has painted
    await waitFor(() => expect(document.title).toBe('Cell Biology · Syllabot'));
    expect(suggestionChips()).toEqual([
      'When is the midterm?',
      'What is the grading breakdown?',
      'Who teaches?',
    ]);
    expect(screen.queryByRole('button', { name: 'Contact Teacher' })).toBeNull();

    await userEvent.click(footer.getByRole('button', { name: 'Sign up for Syllabot' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('no response says Failed to connect; Try Again loads the chat', async () => {
    let down = true;
    mockApi({ [SESSION_PATH]: () => (down ? networkDown() : ok(makeSession())) });
    renderApp(`/chat/${CHAT}`);
    expect(await screen.findByText(CHAT_MESSAGES.connectFailed)).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cell Biology' }),
    ).toBeInTheDocument();
  });

  it('a server failure says Failed to load chat session with the reason, and Try Again', async () => {
    let failing = true;
    mockApi({
      [SESSION_PATH]: () =>
        failing
          ? { status: 503, body: { success: false, detail: 'Database unavailable' } }
          : ok(makeSession()),
    });
    renderApp(`/chat/${CHAT}`);
    expect(await screen.findByText(CHAT_MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cell Biology' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['a share link no class has (404)', 404, 'NOT_FOUND', 'Class not found'],
    ['a malformed share link (422)', 422, 'VALIDATION_ERROR', 'Invalid input'],
  ])('%s says the link does not exist, without Try Again', async (_, status, code, detail) => {
    mockApi({ [SESSION_PATH]: { status, body: { success: false, detail, code } } });
    renderApp(`/chat/${CHAT}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This chat link does not exist' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Check the link with your teacher/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.queryByText(CHAT_MESSAGES.loadFailed)).toBeNull();
  });

  it('a 403 CLASS_INACTIVE session shows Class Temporarily Unavailable', async () => {
    mockApi({
      [SESSION_PATH]: {
        status: 403,
        body: { success: false, detail: CHAT_MESSAGES.classInactive, code: 'CLASS_INACTIVE' },
      },
    });
    renderApp(`/chat/${CHAT}`);
    expect(
      await screen.findByRole('heading', { name: 'Class Temporarily Unavailable' }),
    ).toBeInTheDocument();
    expect(screen.getByText(CHAT_MESSAGES.inactivePage)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your question')).toBeNull();
  });

  it("a deactivated class's page names the class, its school and teacher, as the server names them (issue 31)", async () => {
    mockApi({
      [SESSION_PATH]: {
        status: 403,
        body: {
          success: false,
          detail: CHAT_MESSAGES.classInactive,
          code: 'CLASS_INACTIVE',
          class: {
            class_name: 'Cell Biology',
            school_name: 'State University',
            professor: { last_name: 'Hopper' },
          },
        },
      },
    });
    renderApp(`/chat/${CHAT}`);
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Class Temporarily Unavailable',
    });
    const card = heading.parentElement!;
    expect(within(card).getByText('Cell Biology')).toBeInTheDocument();
    expect(within(card).getByText('State University · Professor Hopper')).toBeInTheDocument();
    expect(within(card).getByText(CHAT_MESSAGES.inactivePage)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Cell Biology/));
  });

  it('a session marked inactive is unavailable too; a message saying inactive is not (the code decides)', async () => {
    mockApi({ [SESSION_PATH]: ok(makeSession({ is_active: false })) });
    const first = renderApp(`/chat/${CHAT}`);
    expect(
      await screen.findByRole('heading', { name: 'Class Temporarily Unavailable' }),
    ).toBeInTheDocument();
    first.unmount();
    mockApi({
      [SESSION_PATH]: { status: 409, body: { success: false, detail: 'Class is inactive' } },
    });
    renderApp(`/chat/${CHAT}`);
    expect(await screen.findByText(CHAT_MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Class Temporarily Unavailable' })).toBeNull();
  });
});

describe('student chat page: asking', () => {
  it('Enter sends; the answer shows its sources and each source discloses its passage', async () => {
    const reply = makeReply();
    const stream = eventStream();
    const calls = await openChat({ [ASK_PATH]: stream.handler });
    await userEvent.type(questionBox(), 'When is the midterm exam?{Enter}');

    // the conversation's code loads with the first question (or once the page is idle)
    expect(await thread().findByText('When is the midterm exam?')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: `/chat/ask/${CHAT}/stream`,
        body: { question: 'When is the midterm exam?', student_identifier: null },
      }),
    );
    expect(questionBox()).toHaveValue('');
    expect(thread().getByRole('status')).toHaveTextContent('The assistant is typing…');
    expect(screen.getByRole('button', { name: 'Send question' })).toBeDisabled();

    act(() => stream.done(reply));
    expect(await thread().findByText('The midterm is on October 14.')).toBeInTheDocument();
    expect(thread().queryByRole('status')).toBeNull();

    const syllabus = thread().getByRole('button', { name: /Course Syllabus · Syllabus/ });
    const guide = thread().getByRole('button', { name: /Exam Guide · Due Dates/ });
    expect(syllabus).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(syllabus);
    expect(syllabus).toHaveAttribute('aria-expanded', 'true');
    const passage = thread().getByRole('region', { name: 'Quoted from Course Syllabus' });
    expect(passage).toHaveTextContent('Midterm exam: October 14, in class.');
    expect(syllabus).toHaveAttribute('aria-controls', passage.id);

    // the keyboard opens another source; only one passage shows at a time
    guide.focus();
    await userEvent.keyboard('{Enter}');
    expect(thread().getByRole('region', { name: 'Quoted from Exam Guide' })).toHaveTextContent(
      'Bring a pencil to the midterm.',
    );
    expect(thread().queryByRole('region', { name: 'Quoted from Course Syllabus' })).toBeNull();
    await userEvent.keyboard(' ');
    expect(thread().queryByRole('region', { name: /Quoted from/ })).toBeNull();

    expect(screen.getByRole('button', { name: 'Contact Teacher' })).toBeInTheDocument();
  });

  it('Shift+Enter adds a line; blank text is never sent; nothing is sent while waiting', async () => {
    const pending = deferred(ok(makeReply()));
    const calls = await openChat({ [ASK_PATH]: pending.handler });
    const asks = () => calls.filter((c) => c.method === 'POST');

    await userEvent.type(questionBox(), '   {Enter}');
    expect(asks()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send question' })).toBeDisabled();

    await userEvent.clear(questionBox());
    await userEvent.type(questionBox(), 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(questionBox()).toHaveValue('Line one\nLine two');
    expect(asks()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Send question' }));
    expect(asks()).toHaveLength(1);
    expect(asks()[0]!.body).toMatchObject({ question: 'Line one\nLine two' });

    // a second question cannot go out while the first is in flight, and is kept
    await userEvent.type(questionBox(), 'Another one{Enter}');
    expect(asks()).toHaveLength(1);
    expect(questionBox()).toHaveValue('Another one');
    await userEvent.click(screen.getByRole('button', { name: 'When is the midterm?' }));
    expect(asks()).toHaveLength(1);

    act(() => pending.release());
    await thread().findByText('The midterm is on October 14.');
    await userEvent.type(questionBox(), '{Enter}');
    expect(asks()).toHaveLength(2);
  });

  it('limits a question to 1,000 characters with a counter', async () => {
    await openChat({});
    const box = questionBox();
    expect(box).toHaveAttribute('maxLength', String(QUESTION_MAX_LENGTH));
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(1005));
    expect(box).toHaveValue('x'.repeat(1000));
    expect(screen.getByText(/1,000\/1,000/)).toBeInTheDocument();
  });

  it('an asked suggestion moves to the front; a typed question never becomes one', async () => {
    await openChat({ [ASK_PATH]: () => answered(makeReply())() });
    const before = suggestionChips();
    await userEvent.click(screen.getByRole('button', { name: 'Who teaches?' }));
    await thread().findByText('The midterm is on October 14.');
    expect(thread().getByText('Who teaches?')).toBeInTheDocument();
    expect(suggestionChips()).toEqual([
      'Who teaches?',
      ...before.filter((q) => q !== 'Who teaches?'),
    ]);

    await userEvent.type(questionBox(), 'Who won the last world cup?{Enter}');
    await waitFor(() =>
      expect(thread().getAllByText('The midterm is on October 14.')).toHaveLength(2),
    );
    expect(suggestionChips()).not.toContain('Who won the last world cup?');
    expect(suggestionChips()[0]).toBe('Who teaches?');
  });

  it('the thread survives a reload, sources included, for that class only (issue 31)', async () => {
    await openChat({ [ASK_PATH]: () => answered(makeReply())() });
    await userEvent.type(questionBox(), 'When is the midterm?{Enter}');
    await thread().findByText('The midterm is on October 14.');
    cleanup();

    await openChat({});
    expect(await thread().findByText('When is the midterm?')).toBeInTheDocument();
    const answer = thread().getByRole('article', { name: 'Answer' });
    expect(within(answer).getByText('The midterm is on October 14.')).toBeInTheDocument();
    expect(within(answer).getByRole('button', { name: /Course Syllabus/ })).toBeInTheDocument();
    // Contact Teacher is offered for the kept answer, as before the reload
    expect(screen.getAllByRole('button', { name: 'Contact Teacher' }).length).toBeGreaterThan(0);
    cleanup();

    // another class's chat does not show it
    mockApi({ [`GET /chat/session/${OTHER_CHAT}`]: ok(makeSession({ class_name: 'Physics' })) });
    renderApp(`/chat/${OTHER_CHAT}`);
    await screen.findByRole('heading', { level: 1, name: 'Physics' });
    expect(thread().queryByText('When is the midterm?')).toBeNull();
  });

  it('an answer not in the material stands out and offers Contact Teacher', async () => {
    const reply = makeReply({
      kind: 'none',
      source_type: 'other',
      response: "The course material doesn't cover that.",
      citations: [],
    });
    await openChat({ [ASK_PATH]: answered(reply) });
    await userEvent.type(questionBox(), 'Best pizza nearby?{Enter}');
    const answer = await thread().findByRole('article', {
      name: 'Answer: not in the course material',
    });
    expect(within(answer).getByText('Not in the course material')).toBeInTheDocument();
    // announced with its kind first
    expect(answer.textContent).toMatch(/^Not in the course material:The course material/);
    await userEvent.click(within(answer).getByRole('button', { name: 'Contact Teacher' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Teacher' })).toBeInTheDocument();
  });

  it('an excerpt reads as the material quoted to check, with Did this help? and Contact Teacher', async () => {
    const reply = makeReply({
      kind: 'excerpt',
      response: excerptText([
        {
          lead: 'Here is what the syllabus says about Office Hours:',
          quote: 'Office hours are on Tuesdays. **They run from 2 to 4 pm in Science Hall 210.**',
        },
      ]),
    });
    const calls = await openChat({
      [ASK_PATH]: answered(reply),
      [`PUT /chat/feedback/${reply.id}`]: ok({ id: reply.id, rating: 'helpful' }),
    });
    await userEvent.type(questionBox(), 'When are office hours?{Enter}');
    const excerpt = await thread().findByRole('article', {
      name: 'Answer: excerpt from the course material',
    });
    // the kind is what a screen reader hears first, in the conversation's polite log
    expect(excerpt.textContent).toMatch(
      /^Excerpt from the course material:Here is what the syllabus says about Office Hours:Office hours/,
    );
    expect(screen.getByRole('log', { name: 'Conversation' })).toContainElement(excerpt);
    const quote = excerpt.querySelector('blockquote')!;
    expect(quote).toHaveTextContent(
      'Office hours are on Tuesdays. They run from 2 to 4 pm in Science Hall 210.',
    );
    expect(within(quote).getByText('They run from 2 to 4 pm in Science Hall 210.').tagName).toBe(
      'MARK',
    );
    expect(excerpt.textContent).not.toContain('**');
    expect(excerpt.textContent).not.toContain('> ');
    // the document stays named in the sources
    expect(
      within(excerpt).getByRole('button', { name: /Course Syllabus · Syllabus/ }),
    ).toBeVisible();
    // "Did this help?" names the rating
    const rating = thread().getByRole('group', { name: 'Did this help?' });
    await userEvent.click(within(rating).getByRole('button', { name: 'Helpful' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith(reply.id))).toBe(true),
    );
    // the teacher is offered in the card
    await userEvent.click(within(excerpt).getByRole('button', { name: 'Contact Teacher' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Teacher' })).toBeInTheDocument();
  });

  it('an answer is announced as one and offers no Contact Teacher in its card', async () => {
    await openChat({ [ASK_PATH]: answered(makeReply()) });
    await userEvent.type(questionBox(), 'When is the midterm?{Enter}');
    const answer = await thread().findByRole('article', { name: 'Answer' });
    expect(answer.textContent).toMatch(/^Answer: The midterm is on October 14\./);
    expect(answer.querySelector('blockquote, mark')).toBeNull();
    expect(within(answer).queryByRole('button', { name: 'Contact Teacher' })).toBeNull();
    expect(thread().getByRole('group', { name: 'Rate this answer' })).toBeInTheDocument();
  });

  it('an answer the teacher checked says so; others do not', async () => {
    const checked = makeReply({
      response: 'Office hours are Mondays 2-4 pm in Science Hall 204.',
      checked_by_teacher: true,
    });
    let next = checked;
    await openChat({ [ASK_PATH]: () => answered(next)() });
    await userEvent.type(questionBox(), 'what time are office hours{Enter}');
    const answer = await thread().findByRole('article', { name: 'Answer' });
    expect(within(answer).getByText('Checked by your teacher')).toBeVisible();
    // heard after the kind, before the answer
    expect(answer.textContent).toMatch(/^Answer: Checked by your teacher:Office hours are/);
    expect(within(answer).queryByRole('button', { name: 'Contact Teacher' })).toBeNull();

    next = makeReply();
    await userEvent.type(questionBox(), 'When is the midterm?{Enter}');
    await waitFor(() =>
      expect(thread().getAllByRole('article', { name: 'Answer' })).toHaveLength(2),
    );
    const second = thread().getAllByRole('article', { name: 'Answer' })[1]!;
    expect(within(second).queryByText('Checked by your teacher')).toBeNull();
  });

  it('a question the teacher marked not covered: the teacher says so, and Contact Teacher', async () => {
    const reply = makeReply({
      kind: 'none',
      source_type: 'other',
      response: CHECK_MESSAGES.notCovered,
      citations: [],
      checked_by_teacher: true,
    });
    await openChat({ [ASK_PATH]: answered(reply) });
    await userEvent.type(questionBox(), 'Is there extra credit?{Enter}');
    const answer = await thread().findByRole('article', {
      name: 'Answer: not in the course material',
    });
    expect(within(answer).getByText('Checked by your teacher')).toBeVisible();
    expect(within(answer).getByText(CHECK_MESSAGES.notCovered)).toBeVisible();
    await userEvent.click(within(answer).getByRole('button', { name: 'Contact Teacher' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Teacher' })).toBeInTheDocument();
  });

  it('a 403 on asking marks the class deactivated and blocks the box', async () => {
    await openChat({
      [ASK_PATH]: {
        status: 403,
        body: { success: false, detail: 'Forbidden', code: 'CLASS_INACTIVE' },
      },
    });
    await userEvent.type(questionBox(), 'Anything?{Enter}');
    expect(await thread().findByText(CHAT_MESSAGES.classInactive)).toBeInTheDocument();
    expect(questionBox()).toBeDisabled();
    expect(screen.queryByRole('list', { name: 'Suggested questions' })).toBeNull();
  });

  it('other failures show the server message in the thread, and the box keeps working', async () => {
    let fail = true;
    await openChat({
      [ASK_PATH]: () =>
        fail
          ? { status: 429, body: { success: false, detail: 'Please wait a moment.' } }
          : ok(makeReply()),
    });
    await userEvent.type(questionBox(), 'Q1{Enter}');
    expect(await thread().findByText('Please wait a moment.')).toBeInTheDocument();
    fail = false;
    await userEvent.type(questionBox(), 'Q2{Enter}');
    expect(await thread().findByText('The midterm is on October 14.')).toBeInTheDocument();
  });

  it('a failure without a message uses the SPEC fallback', async () => {
    await openChat({ [ASK_PATH]: () => networkDown(), [PLAIN_ASK_PATH]: () => networkDown() });
    await userEvent.type(questionBox(), 'Q1{Enter}');
    expect(
      await thread().findByText('Network error: Please check your connection.'),
    ).toBeInTheDocument();
  });
});

describe('student chat page: streamed answers', () => {
  const BUSY = 'You are asking questions a little too quickly. Please wait a moment and try again.';

  it('shows the answer as it is written, then the final answer with its sources', async () => {
    const reply = makeReply({ response: 'The midterm is on October 14 , in class.' });
    const stream = eventStream();
    const calls = await openChat({ [ASK_PATH]: stream.handler });
    await userEvent.type(questionBox(), 'When is the midterm?{Enter}');
    const log = screen.getByRole('log', { name: 'Conversation' });

    // the typing dots until the first words
    expect(thread().getByRole('status')).toHaveTextContent('The assistant is typing…');
    expect(log).toHaveAttribute('aria-busy', 'false');

    act(() => stream.send(': ping\n\n'));
    act(() => stream.delta('The midterm '));
    const draft = await thread().findByRole('article', { name: 'Answer being written' });
    expect(draft).toHaveTextContent(/^The midterm$/);
    expect(thread().queryByRole('status')).toBeNull();
    // the draft is not announced word by word; the log is busy until the answer is complete
    expect(draft).toHaveAttribute('aria-live', 'off');
    expect(log).toHaveAttribute('aria-busy', 'true');
    // no sources nor Contact Teacher yet, and nothing can be sent
    expect(thread().queryByText('Sources')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Contact Teacher' })).toBeNull();
    await userEvent.type(questionBox(), 'Next?');
    expect(screen.getByRole('button', { name: 'Send question' })).toBeDisabled();

    act(() => {
      stream.send('event: delta\r\ndata: {"text":"is on Oct');
      stream.send('ober 14, in class."}\r\n\r\n');
    });
    await waitFor(() => expect(draft).toHaveTextContent('The midterm is on October 14, in class.'));

    act(() => stream.done(reply));
    const answer = await thread().findByRole('article', { name: 'Answer' });
    expect(answer).toHaveTextContent('The midterm is on October 14 , in class.');
    expect(thread().queryByRole('article', { name: 'Answer being written' })).toBeNull();
    expect(within(answer).getByText('Sources')).toBeInTheDocument();
    expect(
      within(answer).getByRole('button', { name: /Course Syllabus · Syllabus/ }),
    ).toBeInTheDocument();
    expect(log).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('button', { name: 'Contact Teacher' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send question' })).toBeEnabled();
    // the question went to the stream only
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/chat/ask/${CHAT}/stream`,
    ]);
  });

  it('a reply the material does not cover replaces the draft with Contact Teacher', async () => {
    const reply = makeReply({
      kind: 'none',
      source_type: 'other',
      response: "The course material doesn't cover that.",
      citations: [],
    });
    await openChat({
      [ASK_PATH]: streamReply([
        sseEvent('delta', { text: 'Pizza is' }),
        sseEvent('delta', { text: ' great.' }),
        sseEvent('done', reply),
      ]),
    });
    await userEvent.type(questionBox(), 'Best pizza nearby?{Enter}');
    const answer = await thread().findByRole('article', {
      name: 'Answer: not in the course material',
    });
    expect(answer).toHaveTextContent("The course material doesn't cover that.");
    expect(thread().queryByText(/Pizza is/)).toBeNull();
    expect(within(answer).getByRole('button', { name: 'Contact Teacher' })).toBeInTheDocument();
  });

  it('an error event shows its detail in place of the draft; the box works again', async () => {
    const stream = eventStream();
    await openChat({ [ASK_PATH]: stream.handler });
    await userEvent.type(questionBox(), 'Q1{Enter}');
    act(() => stream.delta('Half an'));
    await thread().findByRole('article', { name: 'Answer being written' });
    act(() => stream.error('The assistant could not finish this answer. Please try again.'));
    expect(
      await thread().findByText('The assistant could not finish this answer. Please try again.'),
    ).toBeInTheDocument();
    expect(thread().queryByRole('article', { name: 'Answer being written' })).toBeNull();
    expect(thread().queryByText('Half an')).toBeNull();
    await userEvent.type(questionBox(), 'Q2');
    expect(screen.getByRole('button', { name: 'Send question' })).toBeEnabled();
  });

  it('a JSON 429 from the stream shows the rate-limit message, with no fallback', async () => {
    const calls = await openChat({
      [ASK_PATH]: { status: 429, body: { success: false, detail: BUSY, code: 'RATE_LIMITED' } },
      [PLAIN_ASK_PATH]: ok(makeReply()),
    });
    await userEvent.type(questionBox(), 'Q1{Enter}');
    expect(await thread().findByText(BUSY)).toBeInTheDocument();
    expect(calls.some((c) => c.path === `/chat/ask/${CHAT}`)).toBe(false);
  });

  it('CLASS_INACTIVE from the stream marks the class deactivated', async () => {
    await openChat({
      [ASK_PATH]: {
        status: 403,
        body: { success: false, detail: CHAT_MESSAGES.classInactive, code: 'CLASS_INACTIVE' },
      },
    });
    await userEvent.type(questionBox(), 'Anything?{Enter}');
    expect(await thread().findByText(CHAT_MESSAGES.classInactive)).toBeInTheDocument();
    expect(questionBox()).toBeDisabled();
  });

  it('a reply that only says "inactive" (another code) is shown as it is, and the box keeps working', async () => {
    await openChat({
      [ASK_PATH]: {
        status: 409,
        body: { success: false, detail: 'This class is inactive.', code: 'CONFLICT' },
      },
    });
    await userEvent.type(questionBox(), 'Anything?{Enter}');
    expect(await thread().findByText('This class is inactive.')).toBeInTheDocument();
    expect(questionBox()).toBeEnabled();
  });

  it('when the stream cannot be reached, the plain ask answers instead (once)', async () => {
    const calls = await openChat({
      [ASK_PATH]: () => networkDown(),
      [PLAIN_ASK_PATH]: ok(makeReply()),
    });
    await userEvent.type(questionBox(), 'When is the midterm?{Enter}');
    expect(await thread().findByText('The midterm is on October 14.')).toBeInTheDocument();
    expect(thread().getByText('Sources')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/chat/ask/${CHAT}/stream`,
      `/chat/ask/${CHAT}`,
    ]);
  });

  it('leaving the page cancels the answer being written', async () => {
    const stream = eventStream();
    const cancelled = vi.spyOn(ReadableStreamDefaultReader.prototype, 'cancel');
    await openChat({ [ASK_PATH]: stream.handler });
    await userEvent.type(questionBox(), 'Q1{Enter}');
    act(() => stream.delta('Started'));
    await thread().findByRole('article', { name: 'Answer being written' });
    const before = cancelled.mock.calls.length;
    cleanup();
    await waitFor(() => expect(cancelled.mock.calls.length).toBeGreaterThan(before));
  });
});

describe('student chat page: contact teacher', () => {
  async function openContact(contact: Parameters<typeof mockApi>[0][string]) {
    const reply = makeReply();
    const calls = await openChat({
      [ASK_PATH]: () => ok(reply),
      [CONTACT_PATH]: contact,
    });
    await userEvent.type(questionBox(), 'When is the midterm?{Enter}');
    await thread().findByText('The midterm is on October 14.');
    await userEvent.click(screen.getByRole('button', { name: 'Contact Teacher' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Contact Teacher' }));
    return { calls, dialog, reply };
  }

  async function fillReason(dialog: ReturnType<typeof within>, text: string) {
    const box = dialog.getByLabelText('What do you need help with?');
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste(text);
  }

  it('validates the e-mail and a reason of 10 to 500 characters, then sends', async () => {
    const { calls, dialog, reply } = await openContact({
      status: 201,
      body: { success: true, data: { id: 'r-1', created_at: '2025-10-01T12:00:00.000Z' } },
    });
    const send = dialog.getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Your email'), 'not-an-email');
    expect(send).toBeDisabled();
    await fillReason(dialog, 'x'.repeat(9));
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(await dialog.findByText(CHAT_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(dialog.getByText(CHAT_MESSAGES.reasonLength)).toBeInTheDocument();

    await fillReason(dialog, 'x'.repeat(501));
    expect(dialog.getByText('501/500')).toBeInTheDocument();
    await userEvent.click(send);
    expect(await dialog.findByText(CHAT_MESSAGES.reasonLength)).toBeInTheDocument();

    await fillReason(dialog, 'x'.repeat(500));
    await userEvent.clear(dialog.getByLabelText('Your email'));
    await userEvent.type(dialog.getByLabelText('Your email'), 'sam@student.edu');
    await waitFor(() => expect(dialog.queryByText(CHAT_MESSAGES.reasonLength)).toBeNull());
    expect(dialog.queryByText(CHAT_MESSAGES.invalidEmail)).toBeNull();

    await fillReason(dialog, '  I need an extension.  ');
    expect(calls.filter((c) => c.path.startsWith('/chat/contact'))).toHaveLength(0);
    await userEvent.click(send);
    expect(await dialog.findByText(/Your teacher has been notified/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === `/chat/contact/${CHAT}`)?.body).toEqual({
      conversation_id: reply.id,
      student_email: 'sam@student.edu',
      request_reason: 'I need an extension.',
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('accepts exactly 10 characters; a failed request is only logged and the form stays', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls, dialog } = await openContact({
      status: 500,
      body: { success: false, detail: 'mail down' },
    });
    await userEvent.type(dialog.getByLabelText('Your email'), 'sam@student.edu');
    await fillReason(dialog, 'x'.repeat(10));
    await userEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === `/chat/contact/${CHAT}`)).toHaveLength(1);
    expect(dialog.queryByText(CHAT_MESSAGES.reasonLength)).toBeNull();
    expect(dialog.queryByText(/Your teacher has been notified/)).toBeNull();
    expect(dialog.getByRole('button', { name: 'Send request' })).toBeEnabled();
    expect(dialog.getByLabelText('Your email')).toHaveValue('sam@student.edu');
  });
});

describe('student chat page: rating answers', () => {
  const feedbackPath = (id: string) => `PUT /chat/feedback/${id}`;
  const ratingGroups = () => thread().queryAllByRole('group', { name: 'Rate this answer' });
  const feedbackCalls = (calls: RecordedCall[]) =>
    calls.filter((c) => c.method === 'PUT' && c.path.startsWith('/chat/feedback/'));

  it('each finished answer has Helpful / Not helpful; a tap puts the rating with the chat link', async () => {
    const reply = makeReply();
    const stream = eventStream();
    const calls = await openChat({
      [ASK_PATH]: stream.handler,
      [feedbackPath(reply.id)]: (init) =>
        ok({ id: reply.id, rating: JSON.parse(String(init.body)).rating }),
    });
    // nothing to rate before an answer, nor while it is written
    expect(ratingGroups()).toHaveLength(0);
    await userEvent.type(questionBox(), 'When is the midterm?{Enter}');
    act(() => stream.delta('The midterm '));
    await thread().findByRole('article', { name: 'Answer being written' });
    expect(ratingGroups()).toHaveLength(0);

    act(() => stream.done(reply));
    await thread().findByRole('article', { name: 'Answer' });
    const rating = within(ratingGroups()[0]!);
    const helpful = rating.getByRole('button', { name: 'Helpful' });
    const notHelpful = rating.getByRole('button', { name: 'Not helpful' });

    await userEvent.click(helpful);
    expect(helpful).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(notHelpful);
    await waitFor(() => expect(feedbackCalls(calls)).toHaveLength(2));
    expect(notHelpful).toHaveAttribute('aria-pressed', 'true');
    expect(helpful).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(notHelpful);
    await waitFor(() => expect(feedbackCalls(calls)).toHaveLength(3));
    expect(notHelpful).toHaveAttribute('aria-pressed', 'false');

    expect(feedbackCalls(calls).map((c) => [c.path, c.body])).toEqual([
      [`/chat/feedback/${reply.id}`, { chat_uuid: CHAT, rating: 'helpful' }],
      [`/chat/feedback/${reply.id}`, { chat_uuid: CHAT, rating: 'not_helpful' }],
      [`/chat/feedback/${reply.id}`, { chat_uuid: CHAT, rating: null }],
    ]);
  });

  it('a failed rating goes back and says so under the answer; an error bubble has no rating', async () => {
    const reply = makeReply();
    let failing = false;
    await openChat({
      [ASK_PATH]: () =>
        failing
          ? { status: 503, body: { success: false, detail: 'Database unavailable' } }
          : ok(reply),
      [feedbackPath(reply.id)]: { status: 500, body: { success: false, detail: 'boom' } },
    });
    await userEvent.type(questionBox(), 'When is the midterm?{Enter}');
    await thread().findByRole('article', { name: 'Answer' });
    const helpful = within(ratingGroups()[0]!).getByRole('button', { name: 'Helpful' });
    await userEvent.click(helpful);
    expect(
      await thread().findByText("Your rating wasn't saved. Please try again."),
    ).toBeInTheDocument();
    expect(helpful).toHaveAttribute('aria-pressed', 'false');

    failing = true;
    await userEvent.type(questionBox(), 'Q2{Enter}');
    await thread().findByText('Database unavailable');
    expect(ratingGroups()).toHaveLength(1);
  });

  it("a 429 shows the server's reason", async () => {
    const reply = makeReply();
    const detail =
      'You are asking questions a little too quickly. Please wait a moment and try again.';
    await openChat({
      [ASK_PATH]: () => ok(reply),
      [feedbackPath(reply.id)]: {
        status: 429,
        body: { success: false, detail, code: 'RATE_LIMITED' },
      },
    });
    await userEvent.type(questionBox(), 'When is the midterm?{Enter}');
    await thread().findByRole('article', { name: 'Answer' });
    await userEvent.click(within(ratingGroups()[0]!).getByRole('button', { name: 'Not helpful' }));
    expect(await thread().findByText(detail)).toBeInTheDocument();
  });
});

describe('student chat page: Coming up', () => {
  const COMING_UP = [
    { date: '2025-10-09', title: 'Essay 2 due', kind: 'due' as const },
    { date: '2025-10-14', title: 'Midterm 1', kind: 'exam' as const },
  ];

  /** The screen's width as the card asks it (jsdom has no media queries). */
  function screenWidth(wide: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: wide,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
  }

  it('is not there when nothing is coming up', async () => {
    await openChat({});
    expect(screen.queryByRole('region', { name: /Coming up/ })).toBeNull();
  });

  it('lists each item with its weekday, date, title and kind, open on a wide screen', async () => {
    screenWidth(true);
    await openChat({ [SESSION_PATH]: ok(makeSession({ coming_up: COMING_UP })) });
    const card = within(await screen.findByRole('region', { name: /Coming up/ }));
    const toggle = card.getByRole('button', { name: 'Coming up: 2 this week' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const rows = card.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Thu, Oct 9Essay 2 dueDue',
      'Tue, Oct 14Midterm 1Exam',
    ]);
    expect(within(rows[1]!).getByText('Tue, Oct 14')).toHaveAttribute('datetime', '2025-10-14');
    // above the conversation: the card comes before the welcome and the question box
    expect(
      screen
        .getByRole('region', { name: /Coming up/ })
        .compareDocumentPosition(screen.getByLabelText('Your question')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('is one line on a phone, "Coming up: 2 this week", opened with a tap', async () => {
    screenWidth(false);
    await openChat({ [SESSION_PATH]: ok(makeSession({ coming_up: COMING_UP })) });
    const card = within(await screen.findByRole('region', { name: /Coming up/ }));
    const toggle = card.getByRole('button', { name: 'Coming up: 2 this week' });
    expect(toggle).toHaveTextContent('Coming up: 2 this week');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(card.queryByRole('listitem')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(card.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows an answer listing days as a list, each day first', async () => {
    const reply = makeReply({
      response:
        'Due from Tue, Oct 7 to Sun, Oct 12:\nThu, Oct 9: Essay 2 due\nFri, Oct 10: Lab 3 report due',
      citations: [],
    });
    await openChat({ [ASK_PATH]: answered(reply) });
    await userEvent.type(questionBox(), "What's due this week?{Enter}");
    const answer = within(await thread().findByRole('article', { name: 'Answer' }));
    expect(answer.getByText('Due from Tue, Oct 7 to Sun, Oct 12:')).toBeInTheDocument();
    expect(answer.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Thu, Oct 9:Essay 2 due',
      'Fri, Oct 10:Lab 3 report due',
    ]);
  });
});
