import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TEST_QUESTIONS, type ClassItem, type ContentItem } from '@app/contracts';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { stubDialog } from '@/test/browser-dialogs';
import { makeClass, makeContent } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession, type Reply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { mockXhr } from '@/test/xhr-mock';
import { DRAFT_KEY } from './wizard/use-wizard-draft';

/**
 * An uploaded file is acknowledged first and read in the background: the item is `processing`,
 * then `ready` or `failed` with a reason. These tests drive the polling with fake timers.
 */

type Routes = Record<string, Reply | ((init: RequestInit) => Reply | Promise<never>)>;

const DAMAGED = 'This file appears to be damaged and could not be read.';

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

/** GET /content/{id} answering with the item's current status, which the test changes. */
function statusRoute(item: ContentItem) {
  const state = { status: item.status, reason: null as string | null, polls: 0 };
  const route = () => {
    state.polls += 1;
    return ok({ content: { ...item, status: state.status, status_reason: state.reason } });
  };
  return { state, route };
}

const uploaded = (item: ContentItem) => ({
  status: 201,
  body: { success: true, data: { content: item } },
});

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
});
afterEach(() => vi.useRealTimers());

/** Lets the polls due in the next `ms` run (and the React updates they cause). */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const card = async (name: string) =>
  screen.findByRole('article', { name }).then((el) => within(el));

describe('add content modal: a file read in the background', () => {
  async function submitSampleWork(cls: ClassItem) {
    renderApp('/dashboard');
    await user.click((await card(cls.class_name)).getByRole('button', { name: 'Add content' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add Content' }));
    await user.click(d.getByRole('button', { name: /Sample work/ }));
    await user.type(d.getByLabelText('Title'), 'Essay');
    await user.upload(d.getByLabelText('Content file'), new File(['abc'], 'essay.pdf'));
    await user.click(d.getByRole('button', { name: 'Add Content' }));
    return d;
  }

  it('processing → ready: stays on "Processing…", then closes and refreshes the lists', async () => {
    const cls = makeClass({ class_name: 'Biology' });
    const item = makeContent({ class_id: cls.id, title: 'Essay', status: 'processing' });
    const { state, route } = statusRoute(item);
    const calls = setup([cls], { [`GET /content/${item.id}`]: route });
    mockXhr(() => uploaded(item));
    const d = await submitSampleWork(cls);

    const status = await d.findByRole('status');
    expect(status).toHaveTextContent('Processing…');
    expect(status).toHaveTextContent('essay.pdf');
    // the pressed button is disabled meanwhile: focus is on the news, not lost
    await waitFor(() => expect(status).toHaveFocus());
    expect(d.getByRole('button', { name: /Adding/ })).toBeDisabled();
    const listsBefore = calls.filter((c) => c.path === '/classes').length;

    await elapse(1000);
    expect(state.polls).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Add Content' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/classes')).toHaveLength(listsBefore);

    state.status = 'ready';
    await elapse(1500);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.polls).toBe(2);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/classes').length).toBeGreaterThan(listsBefore),
    );
  });

  it('a reply that is already ready closes at once, without polling', async () => {
    const cls = makeClass({ class_name: 'Biology' });
    const item = makeContent({ class_id: cls.id, status: 'ready' });
    const calls = setup([cls]);
    mockXhr(() => uploaded(item));
    await submitSampleWork(cls);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === `/content/${item.id}`)).toBe(false);
  });

  it('processing → failed: shows "Could not be read" with the reason; the form is usable again', async () => {
    const cls = makeClass({ class_name: 'Biology' });
    const item = makeContent({ class_id: cls.id, title: 'Essay', status: 'processing' });
    const { state, route } = statusRoute(item);
    setup([cls], { [`GET /content/${item.id}`]: route });
    mockXhr(() => uploaded(item));
    const alert = stubDialog('alert');
    const d = await submitSampleWork(cls);
    await d.findByText('Processing…');

    state.status = 'failed';
    state.reason = DAMAGED;
    await elapse(1000);
    const failure = await d.findByRole('alert');
    expect(failure).toHaveTextContent('Could not be read: essay.pdf');
    expect(failure).toHaveTextContent(DAMAGED);
    await waitFor(() => expect(failure).toHaveFocus());
    expect(d.queryByText('Processing…')).toBeNull();
    expect(d.getByRole('button', { name: 'Add Content' })).toBeEnabled();
    expect(d.getByRole('button', { name: 'Remove file' })).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();

    // polling has stopped
    const polls = state.polls;
    await elapse(30_000);
    expect(state.polls).toBe(polls);

    // removing the file clears the failure
    await user.click(d.getByRole('button', { name: 'Remove file' }));
    expect(d.queryByRole('alert')).toBeNull();
  });

  it('closing the modal while the file is read stops polling and refreshes the lists', async () => {
    const cls = makeClass({ class_name: 'Biology' });
    const item = makeContent({ class_id: cls.id, status: 'processing' });
    const { state, route } = statusRoute(item);
    const calls = setup([cls], { [`GET /content/${item.id}`]: route });
    mockXhr(() => uploaded(item));
    const d = await submitSampleWork(cls);
    await d.findByText('Processing…');
    await elapse(1000 + 1500);
    expect(state.polls).toBe(2);
    const listsBefore = calls.filter((c) => c.path === '/classes').length;

    // Cancel turns into Close while the file is read: the server keeps reading it
    await user.click(d.getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await elapse(60_000);
    expect(state.polls).toBe(2);
    expect(calls.filter((c) => c.path === `/content/${item.id}`)).toHaveLength(2);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/classes').length).toBeGreaterThan(listsBefore),
    );
  });
});

describe('create class wizard: files read in the background', () => {
  const created = makeClass({ class_name: 'Biology' });

  async function openWizard() {
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Create New Class' });
    await elapse(0); // let the dialog finish opening (it takes the pointer from the page)
    return within(dialog);
  }

  function draftAt(step: 2 | 3) {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        owner: makeUser().id,
        step,
        classInfo: { class_name: 'Biology' },
        syllabus: { title: '', content: '' },
        id: created.id,
      }),
    );
  }

  it('step 1: a syllabus file being read keeps the wizard on step 1 until it is ready', async () => {
    const syllabus = makeContent({
      class_id: created.id,
      content_type: 'syllabus',
      status: 'processing',
    });
    const { state, route } = statusRoute(syllabus);
    setup([], {
      'POST /classes': { status: 201, body: { success: true, data: created } },
      [`GET /content/${syllabus.id}`]: route,
    });
    const xhr = mockXhr(() => uploaded(syllabus));
    const w = await openWizard();
    await user.type(w.getByLabelText('Class name'), 'Biology');
    await user.upload(w.getByLabelText('Syllabus file'), new File(['%PDF'], 'syllabus.pdf'));
    await user.click(w.getByRole('button', { name: 'Next' }));

    expect(await w.findByText('Processing')).toBeInTheDocument();
    expect(w.getByRole('status')).toHaveTextContent('Reading your syllabus');
    expect(xhr[0]!.body!.get('content_type')).toBe('syllabus');
    await elapse(1000 + 1500);
    expect(state.polls).toBe(2);
    expect(w.getByText('Step 1 of 3: Class info & syllabus')).toBeInTheDocument();
    // the teacher may close meanwhile
    expect(w.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    state.status = 'ready';
    await elapse(2250);
    expect(await w.findByText('Step 2 of 3: Additional content')).toBeInTheDocument();
  });

  it('step 1: a syllabus that cannot be read shows why and stays on step 1', async () => {
    const syllabus = makeContent({
      class_id: created.id,
      content_type: 'syllabus',
      status: 'processing',
    });
    const { state, route } = statusRoute(syllabus);
    setup([], {
      'POST /classes': { status: 201, body: { success: true, data: created } },
      [`GET /content/${syllabus.id}`]: route,
    });
    mockXhr(() => uploaded(syllabus));
    const w = await openWizard();
    await user.type(w.getByLabelText('Class name'), 'Biology');
    await user.upload(w.getByLabelText('Syllabus file'), new File(['%PDF'], 'syllabus.pdf'));
    await user.click(w.getByRole('button', { name: 'Next' }));
    await w.findByText('Processing');

    state.status = 'failed';
    state.reason = DAMAGED;
    await elapse(1000);
    expect(await w.findByRole('alert')).toHaveTextContent(`Could not be read: ${DAMAGED}`);
    expect(w.getByText('Step 1 of 3: Class info & syllabus')).toBeInTheDocument();
    expect(w.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(w.getByRole('button', { name: 'Remove file' })).toBeInTheDocument();
  });

  it('step 2: uploading → processing → completed (removed after 3 s); Create waits for it', async () => {
    draftAt(2);
    const item = makeContent({ class_id: created.id, status: 'processing' });
    const { state, route } = statusRoute(item);
    setup([], { [`GET /content/${item.id}`]: route });
    const xhr = mockXhr();
    const w = await openWizard();
    await w.findByText('Step 2 of 3: Additional content');
    await user.upload(w.getByLabelText('Additional content files'), new File(['n'], 'notes.pdf'));
    const uploads = within(w.getByRole('list', { name: 'File uploads' }));
    expect(uploads.getByText('Uploading 0%')).toBeInTheDocument();
    xhr[0]!.respond(201, { success: true, data: { content: item } });

    expect(await uploads.findByText('Processing')).toBeInTheDocument();
    expect(uploads.getByText(/Reading the file/)).toBeInTheDocument();
    await user.click(w.getByRole('button', { name: 'Create Class' }));
    expect(
      w.getByText('Please wait for all file uploads to complete before creating the class.'),
    ).toBeInTheDocument();
    await elapse(1000);
    expect(uploads.getByText('Processing')).toBeInTheDocument();

    state.status = 'ready';
    await elapse(1500);
    expect(await uploads.findByText('Completed')).toBeInTheDocument();
    const polls = state.polls;
    await elapse(3000);
    await waitFor(() => expect(w.queryByRole('list', { name: 'File uploads' })).toBeNull());
    expect(state.polls).toBe(polls);
  });

  it('step 2: processing → failed shows the reason; Remove deletes the stored item', async () => {
    draftAt(2);
    const item = makeContent({ class_id: created.id, status: 'processing' });
    const { state, route } = statusRoute(item);
    const calls = setup([], {
      [`GET /content/${item.id}`]: route,
      [`DELETE /content/${item.id}`]: ok(null),
    });
    mockXhr(() => uploaded(item));
    const w = await openWizard();
    await w.findByText('Step 2 of 3: Additional content');
    await user.upload(w.getByLabelText('Additional content files'), new File(['n'], 'scan.pdf'));
    const uploads = within(w.getByRole('list', { name: 'File uploads' }));
    await uploads.findByText('Processing');

    state.status = 'failed';
    state.reason = DAMAGED;
    await elapse(1000);
    expect(await uploads.findByText('Error')).toBeInTheDocument();
    expect(uploads.getByRole('alert')).toHaveTextContent(DAMAGED);
    await user.click(uploads.getByRole('button', { name: 'Remove scan.pdf' }));
    await waitFor(() => expect(w.queryByRole('list', { name: 'File uploads' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/content/${item.id}`)).toBe(true);
  });

  it('closing the wizard while a file is read stops polling', async () => {
    draftAt(2);
    const item = makeContent({ class_id: created.id, status: 'processing' });
    const { state, route } = statusRoute(item);
    setup([], { [`GET /content/${item.id}`]: route });
    mockXhr(() => uploaded(item));
    const w = await openWizard();
    await w.findByText('Step 2 of 3: Additional content');
    await user.upload(w.getByLabelText('Additional content files'), new File(['n'], 'notes.pdf'));
    await w.findByText('Processing');
    await elapse(1000);
    expect(state.polls).toBe(1);
    // the dialog's corner close button (step 2's footer has Back)
    await user.click(w.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await elapse(60_000);
    expect(state.polls).toBe(1);
  });

  it('step 3: no testing while the syllabus is being read; allowed once it is ready', async () => {
    draftAt(3);
    const syllabus = makeContent({
      class_id: created.id,
      content_type: 'syllabus',
      status: 'processing',
    });
    let contents: ContentItem[] = [syllabus];
    let listed = 0;
    const calls = setup([], {
      [`GET /classes/${created.id}`]: ok(created),
      [`GET /content/class/${created.id}`]: () => {
        listed += 1;
        return ok({ contents });
      },
      [`POST /chat/test/${created.id}/stream`]: ok({
        response: 'Labs 30%.',
        source_type: 'syllabus',
        citations: [],
      }),
    });
    const w = await openWizard();
    await w.findByText('Step 3 of 3: Test the assistant');
    expect(await w.findByText('Your syllabus is still being read')).toBeInTheDocument();
    const [first] = DEFAULT_TEST_QUESTIONS;
    expect(w.getByRole('button', { name: `Test: ${first}` })).toBeDisabled();
    expect(w.getByRole('button', { name: 'Test all' })).toBeDisabled();
    await user.type(w.getByLabelText('Your own question'), 'Is attendance required?');
    expect(w.getByRole('button', { name: 'Test' })).toBeDisabled();

    // the list refreshes by itself while something is being read
    const before = listed;
    await elapse(1000);
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    expect(w.getByText('Your syllabus is still being read')).toBeInTheDocument();

    contents = [{ ...syllabus, status: 'ready' }];
    await elapse(5000);
    await waitFor(() => expect(w.queryByText('Your syllabus is still being read')).toBeNull());
    const testButton = w.getByRole('button', { name: `Test: ${first}` });
    expect(testButton).toBeEnabled();
    await user.click(testButton);
    expect(await w.findByText('Labs 30%.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/chat/test'))).toHaveLength(1);

    // nothing is being read any more: the list is not polled again
    const settled = listed;
    await elapse(30_000);
    expect(listed).toBe(settled);
  });

  it('step 3: an unreadable syllabus is reported, and with nothing ready nothing is tested', async () => {
    draftAt(3);
    const syllabus = makeContent({
      class_id: created.id,
      content_type: 'syllabus',
      status: 'failed',
      status_reason: DAMAGED,
    });
    const calls = setup([], {
      [`GET /classes/${created.id}`]: ok(created),
      [`GET /content/class/${created.id}`]: ok({ contents: [syllabus] }),
    });
    const w = await openWizard();
    expect(await w.findByText('Your syllabus could not be read')).toBeInTheDocument();
    expect(w.getByText(new RegExp(DAMAGED))).toBeInTheDocument();
    const [first] = DEFAULT_TEST_QUESTIONS;
    await user.click(w.getByRole('button', { name: `Test: ${first}` }));
    expect(
      await w.findByText('Please upload content first to test AI responses'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/chat/test'))).toBe(false);
  });
});

describe('review course: content still being read, or unreadable', () => {
  async function openReview(item: ClassItem) {
    renderApp('/dashboard');
    await user.click((await card(item.class_name)).getByRole('button', { name: 'Review course' }));
    return within(await screen.findByRole('dialog', { name: 'Review Course' }));
  }

  it('shows Processing… until the item is ready, refreshing the list by itself', async () => {
    const cls = makeClass({ class_name: 'Biology' });
    const syllabus = makeContent({ title: 'Course Syllabus', content_type: 'syllabus' });
    const notes = makeContent({
      title: 'Lecture notes',
      content_type: 'additional',
      status: 'processing',
      word_count: 0,
    });
    let contents: ContentItem[] = [syllabus, notes];
    let listed = 0;
    const calls = setup([cls], {
      [`GET /content/class/${cls.id}`]: () => {
        listed += 1;
        return ok({ contents });
      },
    });
    const d = await openReview(cls);
    const row = within(await d.findByRole('article', { name: 'Lecture notes' }));
    expect(row.getByText('Processing…')).toBeInTheDocument();
    expect(row.queryByText('0 words')).toBeNull();
    // no text yet: nothing to view or download, but it can be deleted
    expect(row.queryByRole('button', { name: 'View Lecture notes' })).toBeNull();
    expect(row.queryByRole('button', { name: /Download Lecture notes/ })).toBeNull();
    expect(row.getByRole('button', { name: 'Delete Lecture notes' })).toBeInTheDocument();
    // ready items look as before
    const ready = within(d.getByRole('article', { name: 'Course Syllabus' }));
    expect(ready.getByText('120 words')).toBeInTheDocument();
    expect(ready.getByRole('button', { name: 'View Course Syllabus' })).toBeInTheDocument();

    const before = listed;
    await elapse(1000);
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    const classListsBefore = calls.filter((c) => c.path === '/classes').length;

    contents = [syllabus, { ...notes, status: 'ready', word_count: 640 }];
    await elapse(5000);
    const done = within(d.getByRole('article', { name: 'Lecture notes' }));
    expect(await done.findByText('640 words')).toBeInTheDocument();
    expect(done.queryByText('Processing…')).toBeNull();
    expect(done.getByRole('button', { name: 'View Lecture notes' })).toBeInTheDocument();
    // the class cards are refreshed once nothing is being read
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/classes').length).toBeGreaterThan(classListsBefore),
    );

    const settled = listed;
    await elapse(30_000);
    expect(listed).toBe(settled);
  });

  it('a failed item says "Could not be read" with its reason and keeps Delete', async () => {
    const cls = makeClass({ class_name: 'Biology' });
    const scan = makeContent({
      title: 'Scanned handout',
      content_type: 'sample_work',
      status: 'failed',
      status_reason: DAMAGED,
      word_count: 0,
    });
    let contents: ContentItem[] = [scan];
    setup([cls], {
      [`GET /content/class/${cls.id}`]: () => ok({ contents }),
      [`DELETE /content/${scan.id}`]: () => {
        contents = [];
        return ok(null);
      },
    });
    const d = await openReview(cls);
    const row = within(await d.findByRole('article', { name: 'Scanned handout' }));
    expect(row.getByText('Could not be read')).toBeInTheDocument();
    expect(row.getByText(DAMAGED)).toBeInTheDocument();
    expect(row.getByText('Sample Work')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'View Scanned handout' })).toBeNull();
    stubDialog('confirm', true);
    await user.click(row.getByRole('button', { name: 'Delete Scanned handout' }));
    expect(await d.findByText('No Content Yet')).toBeInTheDocument();
  });

  it('a failed syllabus points to replacing it', async () => {
    const cls = makeClass({ class_name: 'Biology' });
    const syllabus = makeContent({
      title: 'Course Syllabus',
      content_type: 'syllabus',
      status: 'failed',
      status_reason: DAMAGED,
    });
    setup([cls], { [`GET /content/class/${cls.id}`]: ok({ contents: [syllabus] }) });
    const d = await openReview(cls);
    const row = within(await d.findByRole('article', { name: 'Course Syllabus' }));
    expect(row.getByText('Could not be read')).toBeInTheDocument();
    expect(
      row.getByText(/Add a new syllabus from the class card to replace it/),
    ).toBeInTheDocument();
  });
});
