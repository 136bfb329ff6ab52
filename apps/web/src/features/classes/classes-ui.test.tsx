import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TEST_QUESTIONS,
  excerptText,
  type ClassItem,
  type ContentItem,
  type TestReply,
} from '@app/contracts';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { stubDialog } from '@/test/browser-dialogs';
import { checkRoutes, makeCheckItem } from '@/test/assistant-check-fixtures';
import { makeClass, makeContent } from '@/test/class-fixtures';
import { makeUser, mockApi, networkDown, seedSession, type Reply } from '@/test/fetch-mock';
import { eventStream } from '@/test/event-stream';
import { renderApp } from '@/test/render';
import { mockXhr } from '@/test/xhr-mock';
import { copyYearOptions } from './copy-class-modal';
import { DRAFT_KEY } from './wizard/use-wizard-draft';

type Routes = Record<string, Reply | ((init: RequestInit) => Reply | Promise<never>)>;

function setup(classes: ClassItem[], routes: Routes = {}, usage = makeUsage()) {
  const user = makeUser();
  seedSession(user);
  return mockApi({
    'GET /auth/profile': ok({ user }),
    'GET /classes': ok({ classes, billing_summary: usage }),
    'GET /billing/validate-class-creation': ok({ can_create: true, cost: 0, message: 'ok' }),
    ...routes,
  });
}

const card = async (name: string) =>
  screen.findByRole('article', { name }).then((el) => within(el));

describe('dashboard', () => {
  it('groups classes by semester with the Current badge and a cost badge on Create', async () => {
    setup(
      [
        makeClass({ class_name: 'Genetics', semester: 'Spring', year: 2026 }),
        makeClass({ class_name: 'Biology', semester: 'Fall', year: 2025 }),
        makeClass({ class_name: 'Anatomy', semester: 'Fall', year: 2025 }),
      ],
      {},
      makeUsage({ season_name: 'Fall 2025', next_class_cost: 6 }),
    );
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Spring 2026' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.filter((h) => /20\d\d/.test(h ?? ''))).toEqual(['Spring 2026', 'Fall 2025']);
    const fall = screen.getByRole('region', { name: 'Fall 2025' });
    expect(within(fall).getByText('Current')).toBeInTheDocument();
    expect(
      within(fall)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual(['Anatomy', 'Biology']);
    expect(screen.getByRole('button', { name: /Create New Class/ })).toHaveTextContent('+$6.00');
  });

  it('opens the wizard automatically with zero classes', async () => {
    setup([]);
    renderApp('/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Create New Class' })).toBeInTheDocument();
  });

  it('shows the error panel with Try Again', async () => {
    const user = makeUser();
    seedSession(user);
    mockApi({
      'GET /auth/profile': ok({ user }),
      'GET /classes': { status: 500, body: { success: false, detail: 'boom' } },
    });
    renderApp('/dashboard');
    expect(
      await screen.findByText('Failed to fetch classes.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('billing check blocks the wizard with an alert when there is no cost', async () => {
    setup([makeClass({ class_name: 'Biology' })], {
      'GET /billing/validate-class-creation': ok({
        can_create: false,
        cost: 0,
        message: 'Limit reached.',
      }),
    });
    const alert = stubDialog('alert');
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Class' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Limit reached.'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deactivate dims the card with Reactivate Class; a failure is reported', async () => {
    const item = makeClass({ class_name: 'Biology' });
    setup([item], {
      [`PUT /classes/${item.id}`]: (init) => {
        const body = JSON.parse(String(init.body)) as { is_active: boolean };
        return ok({ ...item, is_active: body.is_active });
      },
    });
    renderApp('/dashboard');
    const c = await card('Biology');
    await userEvent.click(c.getByRole('button', { name: 'More actions for Biology' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const reactivate = await c.findByRole('button', { name: 'Reactivate Class' });
    expect(
      c.getByRole('button', { name: /^Copy link: share link for/, hidden: true }),
    ).toBeDisabled();
    await userEvent.click(reactivate);
    await waitFor(() => expect(c.queryByRole('button', { name: 'Reactivate Class' })).toBeNull());
  });
});

describe('class card menu', () => {
  it.each([
    ['View analytics', '/analytics', 'class_id'],
    ['Chat history', '/chat-history', 'class'],
  ])('%s opens %s for the class', async (item, path, param) => {
    const cls = makeClass({ class_name: 'Biology' });
    setup([cls]);
    const { router } = renderApp('/dashboard');
    const c = await card('Biology');
    await userEvent.click(c.getByRole('button', { name: 'More actions for Biology' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: item }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(router.state.location.search).toBe(`?${param}=${cls.id}`);
  });
});

describe('create class wizard', () => {
  async function openWizard() {
    renderApp('/dashboard');
    return within(await screen.findByRole('dialog', { name: 'Create New Class' }));
  }

  it('Next needs a class name and a syllabus', async () => {
    setup([]);
    const w = await openWizard();
    expect(w.getByLabelText('Semester')).toHaveValue('Fall');
    // this year, and the five after it (SPEC's 2025–2030, written in 2025)
    const thisYear = new Date().getFullYear();
    expect(w.getByLabelText('Year')).toHaveValue(String(thisYear));
    expect(w.getByLabelText('Expected students')).toHaveValue(25);
    expect(
      within(w.getByLabelText('Year'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([0, 1, 2, 3, 4, 5].map((n) => String(thisYear + n)));
    await userEvent.click(w.getByRole('button', { name: 'Next' }));
    expect(w.getByText('Class name is required')).toBeInTheDocument();
    expect(w.getByText('Add your syllabus: upload a file or paste its text.')).toBeInTheDocument();
  });

  it('rejects unsupported syllabus files in the browser', async () => {
    setup([]);
    const w = await openWizard();
    await userEvent.upload(w.getByLabelText('Syllabus file'), new File(['x'], 'photo.png'), {
      applyAccept: false,
    });
    expect(
      w.getByText('Unsupported file type. Please upload PDF, Word, Excel, or text files.'),
    ).toBeInTheDocument();
  });

  it('creates the class on Next, sends the pasted syllabus, guards uploads, then step 3', async () => {
    const created = makeClass({ class_name: 'Biology' });
    const calls = setup([], {
      'POST /classes': { status: 201, body: { success: true, data: created } },
      'POST /content/syllabus': {
        status: 201,
        body: { success: true, data: { content: makeContent() } },
      },
      'POST /content': { status: 201, body: { success: true, data: { content: makeContent() } } },
      [`PUT /classes/${created.id}`]: {
        status: 200,
        body: { success: true, data: { ...created, is_draft: false } },
      },
    });
    const xhr = mockXhr();
    const w = await openWizard();
    await userEvent.type(w.getByLabelText('Class name'), 'Biology');
    await userEvent.click(w.getByRole('button', { name: 'Paste text' }));
    await userEvent.type(w.getByLabelText('Syllabus text'), 'Week 1: cells');
    await userEvent.click(w.getByRole('button', { name: 'Next' }));
    await w.findByText('Step 2 of 3: Additional content');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/classes')?.body).toEqual({
      class_name: 'Biology',
      course_code: null,
      // the teacher's institution, School's default
      school: 'State University',
      department: null,
      semester: 'Fall',
      year: new Date().getFullYear(),
      student_size: 25,
      description: null,
      term_start: `${new Date().getFullYear()}-08-25`,
      term_end: `${new Date().getFullYear()}-12-15`,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      // hidden and not counted until Create Class
      is_draft: true,
    });
    expect(calls.find((c) => c.path === '/content/syllabus')?.body).toEqual({
      class_id: created.id,
      title: 'Syllabus',
      content: 'Week 1: cells',
    });
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).id).toBe(created.id);

    // an upload in flight blocks Create Class
    await userEvent.upload(
      w.getByLabelText('Additional content files'),
      new File(['notes'], 'notes.txt'),
    );
    expect(await w.findByText(/Uploading/)).toBeInTheDocument();
    await userEvent.click(w.getByRole('button', { name: 'Create Class' }));
    expect(
      w.getByText('Please wait for all file uploads to complete before creating the class.'),
    ).toBeInTheDocument();
    expect(xhr[0]!.body!.get('content_type')).toBe('content');
    xhr[0]!.respond(201, { success: true, data: { content: makeContent() } });
    expect(await w.findByText('Completed')).toBeInTheDocument();

    // a text entry needs both title and content
    await userEvent.click(w.getByRole('button', { name: 'Add text entry' }));
    await userEvent.type(w.getByLabelText('Entry 1 title'), 'Office hours');
    await userEvent.click(w.getByRole('button', { name: 'Create Class' }));
    expect(w.getByText('A text content entry needs both a title and content.')).toBeInTheDocument();
    await userEvent.type(w.getByLabelText('Entry 1 content'), 'Mondays 2-4pm');
    await userEvent.click(w.getByRole('button', { name: 'Create Class' }));
    await w.findByText('Step 3 of 3: Check your assistant');
    // Create Class made the draft a class
    expect(
      calls.find((c) => c.method === 'PUT' && c.path === `/classes/${created.id}`)?.body,
    ).toEqual({ is_draft: false });
    expect(w.getByRole('heading', { name: 'Check your assistant', level: 3 })).toBeInTheDocument();
    expect(w.queryByRole('list', { name: 'Questions tried' })).toBeNull();
    for (const question of DEFAULT_TEST_QUESTIONS) expect(w.queryByText(question)).toBeNull();
    expect(w.queryByText(/upcoming release/)).toBeNull();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/content')?.body).toMatchObject({
      title: 'Office hours',
      content: 'Mondays 2-4pm',
      content_type: 'content',
    });
    await userEvent.click(w.getByRole('button', { name: 'Finish' }));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  describe('step 3: checking the assistant', () => {
    const grading = 'How are labs graded?';
    const created = makeClass({ class_name: 'Biology', content_count: 2 });
    const gradingReply: TestReply = {
      response: 'Labs 30%, midterm 30%, final 40%. <img src=x onerror="alert(1)">',
      kind: 'answer',
      source_type: 'syllabus',
      confidence: 0.9,
      checked_by_teacher: false,
      citations: [
        {
          content_id: 'c-1',
          title: 'Course Syllabus',
          content_type: 'syllabus',
          excerpt: 'Labs 30%',
        },
        {
          content_id: 'c-1',
          title: 'Course Syllabus',
          content_type: 'syllabus',
          excerpt: 'final 40%',
        },
        { content_id: 'c-2', title: 'Grading Rubric', content_type: 'other', excerpt: 'A: 90' },
      ],
    };

    function draftAtStep3(extra: Record<string, unknown> = {}) {
      localStorage.setItem(
        DRAFT_KEY,
        JSON.stringify({
          owner: makeUser().id,
          step: 3,
          classInfo: { class_name: 'Biology' },
          syllabus: { title: '', content: '' },
          id: created.id,
          ...extra,
        }),
      );
    }

    /** The class, and its check of one standard question. */
    const step3 = (routes: Routes = {}) =>
      setup([], {
        [`GET /classes/${created.id}`]: ok(created),
        ...checkRoutes(created.id, [makeCheckItem()]).routes,
        ...routes,
      });

    /** Asks one question in the "Try another question" box. */
    async function tryQuestion(w: ReturnType<typeof within>, question: string) {
      await userEvent.type(w.getByLabelText('Your question'), `${question}{Enter}`);
    }

    it('checks the standard questions in place of the default test questions; Finish ends it', async () => {
      draftAtStep3();
      const calls = step3();
      const w = await openWizard();
      await w.findByText('Step 3 of 3: Check your assistant');
      expect(
        w.getByRole('heading', { name: 'Check your assistant', level: 3 }),
      ).toBeInTheDocument();
      for (const question of DEFAULT_TEST_QUESTIONS) expect(w.queryByText(question)).toBeNull();
      const row = within(await w.findByRole('listitem', { name: 'When are the office hours?' }));
      await userEvent.click(
        row.getByRole('button', { name: 'Confirm: When are the office hours?' }),
      );
      expect(await row.findByText('Confirmed')).toBeInTheDocument();
      expect(w.getByText('1 of 20 checked')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: `/classes/${created.id}/assistant-check/office_hours`,
        body: { status: 'confirmed' },
      });
      await userEvent.click(w.getByRole('button', { name: 'Finish' }));
      expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    });

    it('tries another question, with sources and SPEC errors', async () => {
      draftAtStep3();
      const answer = (init: RequestInit) => {
        const { question } = JSON.parse(String(init.body)) as { question: string };
        if (question === grading) return ok(gradingReply);
        if (question === 'Where is the lab?') return networkDown();
        if (question === 'Is there a field trip?')
          return { status: 500, body: { success: false, detail: 'x' } };
        return ok({
          response: 'Yes, attendance counts.',
          kind: 'answer',
          source_type: 'content',
          citations: [],
          checked_by_teacher: false,
        });
      };
      const calls = step3({
        [`POST /chat/test/${created.id}/stream`]: answer,
        // the plain test question, when the stream cannot be reached
        [`POST /chat/test/${created.id}`]: answer,
      });
      const streamed = () => calls.filter((c) => c.path === `/chat/test/${created.id}/stream`);
      const w = await openWizard();
      await w.findByText('Step 3 of 3: Check your assistant');
      expect(w.queryByRole('list', { name: 'Questions tried' })).toBeNull();
      expect(w.getByRole('button', { name: 'Test' })).toBeDisabled();

      await tryQuestion(w, grading);
      const item = within(w.getByText(grading).closest('li')!);
      expect(
        await item.findByText('Labs 30%, midterm 30%, final 40%. <img src=x onerror="alert(1)">'),
      ).toBeInTheDocument();
      expect(
        item.getByText(/Course Syllabus \(Syllabus\), Grading Rubric \(Other Information\)/),
      ).toBeInTheDocument();
      expect(document.querySelector('img')).toBeNull();
      const test = streamed()[0]!;
      expect(test.body).toEqual({ question: grading });
      expect(test.authorization).toBe('Bearer access-1');
      expect(w.getByLabelText('Your question')).toHaveValue('');
      // answers are kept in the draft (SPEC §3 test responses)
      await waitFor(() =>
        expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).testResponses).toEqual({
          [grading]: gradingReply,
        }),
      );

      await tryQuestion(w, 'Where is the lab?');
      expect(await w.findByText('Failed to test question')).toBeInTheDocument();
      await tryQuestion(w, 'Is there a field trip?');
      expect(await w.findByText('Failed to get AI response')).toBeInTheDocument();
      // no connection to the stream: the plain call was tried once, in vain
      expect(calls.filter((c) => c.path === `/chat/test/${created.id}`).map((c) => c.body)).toEqual(
        [{ question: 'Where is the lab?' }],
      );

      await userEvent.click(item.getByRole('button', { name: `Test: ${grading}` }));
      await waitFor(() => expect(streamed()).toHaveLength(4));
      await tryQuestion(w, 'Is attendance required?');
      expect(await w.findByText('Yes, attendance counts.')).toBeInTheDocument();
      expect(
        within(w.getByRole('list', { name: 'Questions tried' })).getAllByRole('listitem'),
      ).toHaveLength(4);
    });

    it('shows each answer as students will get it: an answer, an excerpt quoted, none flagged', async () => {
      draftAtStep3();
      const [objectives, dueDates] = ['What will I learn?', 'When are labs due?'];
      const replies: Record<string, TestReply> = {
        [grading]: gradingReply,
        [dueDates]: {
          response: excerptText([
            {
              lead: 'Here is what the syllabus says about Assignments:',
              quote: 'Labs are weekly. **Lab reports are due every Friday at 5 pm.**',
            },
          ]),
          kind: 'excerpt',
          source_type: 'syllabus',
          confidence: 0.8,
          checked_by_teacher: false,
          citations: [gradingReply.citations[0]!],
        },
        [objectives]: {
          response: "The course material doesn't cover that.",
          kind: 'none',
          source_type: 'other',
          confidence: 0.2,
          checked_by_teacher: false,
          citations: [],
        },
      };
      step3({
        [`POST /chat/test/${created.id}/stream`]: (init) =>
          ok(replies[(JSON.parse(String(init.body)) as { question: string }).question]),
      });
      const w = await openWizard();
      await w.findByText('Step 3 of 3: Check your assistant');
      const itemOf = (question: string) => within(w.getByText(question).closest('li')!);

      await tryQuestion(w, dueDates);
      const excerpt = itemOf(dueDates);
      const lead = await excerpt.findByText('Here is what the syllabus says about Assignments:');
      const box = lead.closest('[data-kind]')!;
      expect(box).toHaveAttribute('data-kind', 'excerpt');
      expect(box.textContent).toMatch(/^Excerpt from the course material:Here is what/);
      expect(box.querySelector('blockquote')).toHaveTextContent(
        'Labs are weekly. Lab reports are due every Friday at 5 pm.',
      );
      expect(box.querySelector('mark')).toHaveTextContent(
        'Lab reports are due every Friday at 5 pm.',
      );
      expect(box.textContent).not.toContain('**');
      expect(excerpt.getByText(/Students see this passage to read and check/)).toBeInTheDocument();

      await tryQuestion(w, objectives);
      const none = itemOf(objectives);
      const notCovered = await none.findByText("The course material doesn't cover that.");
      expect(notCovered.closest('[data-kind]')!.textContent).toMatch(
        /^Not in the course material:The course material/,
      );

      await tryQuestion(w, grading);
      const answer = itemOf(grading);
      const stated = await answer.findByText(/^Labs 30%, midterm 30%, final 40%\./);
      expect(stated.closest('[data-kind]')!.textContent).toMatch(/^Answer: Labs 30%/);
      expect(stated.closest('[data-kind]')!.querySelector('blockquote')).toBeNull();
    });

    it('an answer is written as it comes; its sources show at the end', async () => {
      draftAtStep3();
      const stream = eventStream();
      step3({ [`POST /chat/test/${created.id}/stream`]: stream.handler });
      const w = await openWizard();
      await w.findByText('Step 3 of 3: Check your assistant');
      await tryQuestion(w, grading);
      const item = within(w.getByText(grading).closest('li')!);
      expect(await item.findByText('Getting an answer…')).toBeInTheDocument();

      stream.delta('Labs 30%, ');
      expect(await item.findByText('Labs 30%,')).toBeInTheDocument();
      expect(item.queryByText('Getting an answer…')).toBeNull();
      stream.delta('midterm 30%');
      expect(await item.findByText('Labs 30%, midterm 30%')).toBeInTheDocument();
      expect(item.queryByText(/Sources:/)).toBeNull();
      expect(item.getByRole('button', { name: `Test: ${grading}` })).toBeDisabled();

      stream.done(gradingReply);
      expect(
        await item.findByText('Labs 30%, midterm 30%, final 40%. <img src=x onerror="alert(1)">'),
      ).toBeInTheDocument();
      expect(item.getByText(/Sources:/)).toBeInTheDocument();
      expect(item.queryByText('Labs 30%, midterm 30%')).toBeNull();
      expect(item.getByRole('button', { name: `Test: ${grading}` })).toBeEnabled();
      await waitFor(() =>
        expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).testResponses).toEqual({
          [grading]: gradingReply,
        }),
      );
    });

    it('an expired token on the stream: the plain call refreshes the session and answers', async () => {
      draftAtStep3({ testQuestions: [grading] });
      const calls = step3({
        [`POST /chat/test/${created.id}/stream`]: {
          status: 401,
          body: { success: false, detail: 'Token expired', code: 'TOKEN_EXPIRED' },
        },
        [`POST /chat/test/${created.id}`]: (init) =>
          (init.headers as Record<string, string>).Authorization === 'Bearer access-2'
            ? ok(gradingReply)
            : {
                status: 401,
                body: { success: false, detail: 'Token expired', code: 'TOKEN_EXPIRED' },
              },
        'POST /auth/refresh': ok({
          tokens: { access_token: 'access-2', refresh_token: 'refresh-2' },
        }),
      });
      const w = await openWizard();
      await w.findByText('Step 3 of 3: Check your assistant');
      // the check's list is loaded before the test question is asked
      await w.findByRole('listitem', { name: 'When are the office hours?' });
      await userEvent.click(w.getByRole('button', { name: `Test: ${grading}` }));
      expect(await w.findByText(/Labs 30%, midterm 30%, final 40%/)).toBeInTheDocument();
      expect(
        calls.filter((c) => c.path.startsWith('/chat/test')).map((c) => [c.path, c.authorization]),
      ).toEqual([
        [`/chat/test/${created.id}/stream`, 'Bearer access-1'],
        [`/chat/test/${created.id}`, 'Bearer access-1'],
        [`/chat/test/${created.id}`, 'Bearer access-2'],
      ]);
    });

    it('a 429 from the stream shows the server’s words; nothing else is asked', async () => {
      draftAtStep3();
      const calls = step3({
        [`POST /chat/test/${created.id}/stream`]: {
          status: 429,
          body: { success: false, detail: 'You are testing too fast.', code: 'RATE_LIMITED' },
        },
      });
      const w = await openWizard();
      await w.findByText('Step 3 of 3: Check your assistant');
      await tryQuestion(w, grading);
      expect(await w.findByText('You are testing too fast.')).toBeInTheDocument();
      expect(calls.filter((c) => c.path.startsWith('/chat/test'))).toHaveLength(1);
    });

    it('a saved answer comes back with the draft; an older draft’s default questions do not; a class without content is not tested', async () => {
      const [objectives] = DEFAULT_TEST_QUESTIONS;
      draftAtStep3({
        testQuestions: [objectives, grading, 'When are labs due?'],
        testResponses: {
          [objectives]: gradingReply,
          // saved before replies said whether the teacher checked them
          [grading]: { ...gradingReply, checked_by_teacher: undefined },
          'When are labs due?': 'old text answer',
        },
      });
      const calls = step3({
        [`GET /classes/${created.id}`]: ok({ ...created, content_count: 0, has_syllabus: false }),
        [`GET /content/class/${created.id}`]: ok({ contents: [] }),
      });
      const w = await openWizard();
      expect(await w.findByText(/Labs 30%, midterm 30%/)).toBeInTheDocument();
      expect(w.queryByText(objectives)).toBeNull();
      // nothing read: the SPEC message at once
      expect(
        await w.findByText('Please upload content first to test AI responses'),
      ).toBeInTheDocument();
      await userEvent.click(w.getByRole('button', { name: 'Test: When are labs due?' }));
      expect(w.getAllByText('Please upload content first to test AI responses')).toHaveLength(1);
      expect(calls.some((c) => c.path.startsWith('/chat/test'))).toBe(false);
    });
  });

  it('shows the server message when creating fails', async () => {
    setup([], {
      'POST /classes': {
        status: 402,
        body: { success: false, detail: 'You have reached the maximum.' },
      },
    });
    const w = await openWizard();
    await userEvent.type(w.getByLabelText('Class name'), 'Biology');
    await userEvent.click(w.getByRole('button', { name: 'Paste text' }));
    await userEvent.type(w.getByLabelText('Syllabus text'), 'x');
    await userEvent.click(w.getByRole('button', { name: 'Next' }));
    expect(await w.findByText('You have reached the maximum.')).toBeInTheDocument();
  });

  it('closing the wizard once the class is made ends it: the next one starts a new class', async () => {
    const made = makeClass({ class_name: 'Biology' });
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        owner: makeUser().id,
        step: 3,
        classInfo: { class_name: 'Biology' },
        syllabus: { title: '', content: '' },
        id: made.id,
      }),
    );
    setup([made], { [`GET /classes/${made.id}`]: ok(made) });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Class' }));
    const w = within(await screen.findByRole('dialog', { name: 'Create New Class' }));
    expect(w.getByText('Step 3 of 3: Check your assistant')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create New Class' }));
    const again = within(await screen.findByRole('dialog', { name: 'Create New Class' }));
    expect(again.getByText('Step 1 of 3: Class info & syllabus')).toBeInTheDocument();
    expect(again.getByLabelText('Class name')).toHaveValue('');
  });

  it('Create Class refused by the allowance keeps step 2 with the server message', async () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        owner: makeUser().id,
        step: 2,
        classInfo: { class_name: 'Biology' },
        syllabus: { title: '', content: 'Week 1' },
        id: '00000000-0000-4000-8000-000000000777',
      }),
    );
    const calls = setup([], {
      'PUT /classes/00000000-0000-4000-8000-000000000777': {
        status: 402,
        body: {
          success: false,
          code: 'CLASS_LIMIT_REACHED',
          detail: 'You have used all 3 classes included this semester.',
        },
      },
    });
    const w = await openWizard();
    await userEvent.click(w.getByRole('button', { name: 'Create Class' }));
    expect(
      await w.findByText('You have used all 3 classes included this semester.'),
    ).toBeInTheDocument();
    expect(w.getByText('Step 2 of 3: Additional content')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toContainEqual({
      is_draft: false,
    });
  });

  it('Start over deletes the draft class Next had made', async () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        owner: makeUser().id,
        step: 1,
        classInfo: { class_name: 'Saved Bio' },
        syllabus: { title: '', content: 'text' },
        id: '00000000-0000-4000-8000-000000000778',
      }),
    );
    const calls = setup([], {
      'DELETE /classes/00000000-0000-4000-8000-000000000778': ok(null),
    });
    const w = await openWizard();
    await userEvent.click(w.getByRole('button', { name: 'Start over' }));
    expect(w.getByLabelText('Class name')).toHaveValue('');
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.method === 'DELETE' && c.path === '/classes/00000000-0000-4000-8000-000000000778',
        ),
      ).toBe(true),
    );
  });

  it('restores a saved draft; a bad draft is reported', async () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        owner: makeUser().id,
        step: 1,
        classInfo: { class_name: 'Saved Bio' },
        syllabus: { title: '', content: 'text' },
        id: null,
      }),
    );
    setup([]);
    const w = await openWizard();
    expect(w.getByLabelText('Class name')).toHaveValue('Saved Bio');
    expect(w.getByLabelText('Syllabus text')).toHaveValue('text');
  });

  it("never offers another teacher's draft, and drops it", async () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        owner: 'another-teacher',
        step: 1,
        classInfo: { class_name: 'Their Class' },
        syllabus: { title: '', content: 'their syllabus' },
        id: null,
      }),
    );
    setup([]);
    const w = await openWizard();
    expect(w.getByLabelText('Class name')).toHaveValue('');
    expect(localStorage.getItem(DRAFT_KEY) ?? '').not.toContain('Their Class');
  });

  it('a bad draft says Failed to load draft', async () => {
    setup([]);
    localStorage.setItem(DRAFT_KEY, '{not json');
    renderApp('/dashboard');
    expect(await screen.findByText('Failed to load draft')).toBeInTheDocument();
  });
});

describe('add content modal', () => {
  it('enables Add Content only with a title and text, and sends text as a .txt file', async () => {
    const item = makeClass({ class_name: 'Biology' });
    setup([item]);
    const xhr = mockXhr(() => ({
      status: 201,
      body: { success: true, data: { content: makeContent() } },
    }));
    renderApp('/dashboard');
    await userEvent.click((await card('Biology')).getByRole('button', { name: 'Add content' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add Content' }));
    expect(d.getByText('This will replace any existing syllabus')).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: /Due dates/ }));
    const submit = d.getByRole('button', { name: 'Add Content' });
    expect(submit).toBeDisabled();
    await userEvent.type(d.getByLabelText('Title'), 'Deadlines');
    expect(submit).toBeDisabled();
    await userEvent.type(d.getByLabelText('Content'), 'Essay due Oct 1');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = xhr[0]!.body!;
    expect(form.get('content_type')).toBe('due_dates');
    expect(form.get('title')).toBe('Deadlines');
    expect(form.get('class_id')).toBe(item.id);
    const file = form.get('file') as File;
    expect(file.name).toBe('Deadlines.txt');
    expect(await file.text()).toBe('Essay due Oct 1');
  });

  it('file choices need a file; failure alerts', async () => {
    setup([makeClass({ class_name: 'Biology' })]);
    mockXhr(() => ({ status: 500, body: { success: false, detail: 'nope' } }));
    const alert = stubDialog('alert');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/dashboard');
    await userEvent.click((await card('Biology')).getByRole('button', { name: 'Add content' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add Content' }));
    await userEvent.click(d.getByRole('button', { name: /Sample work/ }));
    await userEvent.type(d.getByLabelText('Title'), 'Essay');
    expect(d.getByRole('button', { name: 'Add Content' })).toBeDisabled();
    await userEvent.upload(d.getByLabelText('Content file'), new File(['abc'], 'essay.pdf'));
    expect(d.getByText('essay.pdf')).toBeInTheDocument();
    expect(d.getByText('0.1 KB')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Remove file' })).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Add Content' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to upload content. Please try again.'),
    );
  });
});

describe('review course modal', () => {
  async function openReview(item: ClassItem) {
    renderApp('/dashboard');
    await userEvent.click(
      (await card(item.class_name)).getByRole('button', { name: 'Review course' }),
    );
    return within(await screen.findByRole('dialog', { name: 'Review Course' }));
  }

  it('empty state', async () => {
    const item = makeClass({ class_name: 'Biology' });
    setup([item], { [`GET /content/class/${item.id}`]: ok({ contents: [] }) });
    const d = await openReview(item);
    expect(await d.findByText('No Content Yet')).toBeInTheDocument();
    expect(
      d.getByText('Add a syllabus and other course materials to get started.'),
    ).toBeInTheDocument();
  });

  it('load error with Try Again', async () => {
    const item = makeClass({ class_name: 'Biology' });
    setup([item], {
      [`GET /content/class/${item.id}`]: {
        status: 404,
        body: { success: false, detail: 'Not found' },
      },
    });
    const d = await openReview(item);
    expect(await d.findByText('Error Loading Content')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('lists syllabus and additional items; delete confirms and reports failures', async () => {
    const item = makeClass({ class_name: 'Biology' });
    const syllabus = makeContent({
      title: 'Course Syllabus',
      content_type: 'syllabus',
      word_count: 1500,
    });
    const extra = makeContent({ title: 'Deadlines', content_type: 'due_dates', word_count: 12 });
    let contents: ContentItem[] = [syllabus, extra];
    let fail = true;
    setup([item], {
      [`GET /content/class/${item.id}`]: () => ok({ contents }),
      [`DELETE /content/${extra.id}`]: () => {
        if (fail) return { status: 500, body: { success: false, detail: 'disk error' } };
        contents = [syllabus];
        return ok(null);
      },
    });
    const d = await openReview(item);
    expect(await d.findByText('Additional Content (1)')).toBeInTheDocument();
    expect(d.getByText('1,500 words')).toBeInTheDocument();
    expect(d.getByText('Due Dates')).toBeInTheDocument();
    expect(d.queryByRole('button', { name: 'Delete Course Syllabus' })).toBeNull();
    const confirm = stubDialog('confirm', false);
    await userEvent.click(d.getByRole('button', { name: 'Delete Deadlines' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this content?');
    stubDialog('confirm', true);
    await userEvent.click(d.getByRole('button', { name: 'Delete Deadlines' }));
    expect(await d.findByText('Failed to delete content: disk error')).toBeInTheDocument();
    fail = false;
    await userEvent.click(d.getByRole('button', { name: 'Delete Deadlines' }));
    expect(await d.findByText('Additional Content (0)')).toBeInTheDocument();
  });

  it('View shows the text; a failure says Failed to load content', async () => {
    const item = makeClass({ class_name: 'Biology' });
    const extra = makeContent({ title: 'Deadlines', content_type: 'due_dates' });
    const broken = makeContent({ title: 'Broken', content_type: 'other' });
    setup([item], {
      [`GET /content/class/${item.id}`]: ok({ contents: [extra, broken] }),
      [`GET /content/${extra.id}`]: ok({ content: { ...extra, content: 'Essay due Oct 1' } }),
      [`GET /content/${broken.id}`]: { status: 500, body: { success: false, detail: 'gone' } },
    });
    const d = await openReview(item);
    await userEvent.click(await d.findByRole('button', { name: 'View Broken' }));
    expect(await d.findByText('Failed to load content: gone')).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'View Deadlines' }));
    const viewer = within(await screen.findByRole('dialog', { name: 'Deadlines' }));
    expect(viewer.getByText('Essay due Oct 1')).toBeInTheDocument();
    expect(viewer.getByText(/Due Dates/)).toBeInTheDocument();
  });
});

describe('copy class modal', () => {
  it('year options span last year to three years ahead', () => {
    expect(copyYearOptions(new Date('2026-03-01T00:00:00Z'))).toEqual([
      2025, 2026, 2027, 2028, 2029,
    ]);
  });

  it('defaults from the original, copies in order, and a failed step still completes', async () => {
    const item = makeClass({
      class_name: 'Biology',
      course_code: 'BIO 101',
      school: null,
      semester: 'Spring',
      student_size: 40,
    });
    const created = makeClass({ class_name: 'Biology - Copy' });
    const a = makeContent({ title: 'A', content_type: 'due_dates' });
    const b = makeContent({ title: 'B', content_type: 'other' });
    const syl = makeContent({ title: 'Syl', content_type: 'syllabus' });
    const calls = setup([item], {
      'POST /classes': { status: 201, body: { success: true, data: created } },
      [`GET /content/syllabus/${item.id}`]: ok({ content: { ...syl, content: 'syllabus text' } }),
      'POST /content/syllabus': { status: 201, body: { success: true, data: { content: syl } } },
      [`GET /content/class/${item.id}`]: ok({ contents: [syl, a, b] }),
      [`GET /content/${a.id}`]: { status: 500, body: { success: false, detail: 'broken' } },
      [`GET /content/${b.id}`]: ok({ content: { ...b, content: 'b text' } }),
      'POST /content': { status: 201, body: { success: true, data: { content: b } } },
      [`POST /classes/${created.id}/carry-over`]: ok({ facts: 2, teacher_answers: 1, checks: 3 }),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/dashboard');
    const c = await card('Biology');
    await userEvent.click(c.getByRole('button', { name: 'More actions for Biology' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy class' }));
    const d = within(await screen.findByRole('dialog', { name: 'Copy Class' }));
    expect(d.getByLabelText('Class Name')).toHaveValue('Biology - Copy');
    expect(d.getByLabelText(/Course code/)).toHaveValue('BIO 101');
    expect(d.getByLabelText('Semester')).toHaveValue('Spring');
    expect(d.getByLabelText('Year')).toHaveValue(String(new Date().getFullYear()));
    expect(d.getByLabelText('Copy syllabus')).toBeChecked();
    expect(d.getByLabelText('Copy additional content')).toBeChecked();
    await userEvent.clear(d.getByLabelText('Class Name'));
    await userEvent.type(d.getByLabelText('Class Name'), '   ');
    await userEvent.click(d.getByRole('button', { name: 'Copy Class' }));
    expect(d.getByText('Class name is required')).toBeInTheDocument();
    await userEvent.clear(d.getByLabelText('Class Name'));
    await userEvent.type(d.getByLabelText('Class Name'), 'Biology II');
    await userEvent.clear(d.getByLabelText(/Expected students/));
    await userEvent.click(d.getByRole('button', { name: 'Copy Class' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const writes = calls.filter((x) => x.method !== 'GET' || x.path.startsWith('/content'));
    expect(writes.map((x) => `${x.method} ${x.path}`)).toEqual([
      'POST /classes',
      `GET /content/syllabus/${item.id}`,
      'POST /content/syllabus',
      `GET /content/class/${item.id}`,
      `GET /content/${a.id}`,
      `GET /content/${b.id}`,
      'POST /content',
      // last, the teacher's work on the original
      `POST /classes/${created.id}/carry-over`,
    ]);
    expect(writes[0]!.body).toEqual({
      class_name: 'Biology II',
      course_code: 'BIO 101',
      school: null,
      department: 'Biology',
      semester: 'Spring',
      year: new Date().getFullYear(),
      student_size: null,
      description: null,
      // the semester's usual term this year, in the original's time zone
      term_start: `${new Date().getFullYear()}-01-12`,
      term_end: `${new Date().getFullYear()}-05-08`,
      time_zone: 'America/New_York',
    });
    expect(writes[6]!.body).toMatchObject({
      class_id: created.id,
      title: 'B',
      content: 'b text',
      content_type: 'other',
    });
    expect(writes[7]!.body).toEqual({ from_class_id: item.id, copy_additional: true });
    expect(logged).toHaveBeenCalled();
  });

  it('overall failure alerts', async () => {
    const item = makeClass({ class_name: 'Biology' });
    setup([item], { 'POST /classes': { status: 500, body: { success: false, detail: 'x' } } });
    const alert = stubDialog('alert');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/dashboard');
    const c = await card('Biology');
    await userEvent.click(c.getByRole('button', { name: 'More actions for Biology' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy class' }));
    const d = within(await screen.findByRole('dialog', { name: 'Copy Class' }));
    await userEvent.click(d.getByRole('button', { name: 'Copy Class' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Failed to copy class. Please check the console for details.',
      ),
    );
  });
});
