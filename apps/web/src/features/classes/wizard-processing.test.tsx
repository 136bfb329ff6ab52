import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContentItem } from '@app/contracts';
import { checkRoutes, makeCheckItem } from '@/test/assistant-check-fixtures';
import { ok } from '@/test/billing-fixtures';
import { makeClass, makeContent } from '@/test/class-fixtures';
import { makeUser } from '@/test/fetch-mock';
import {
  DAMAGED,
  elapse,
  fakeTimerUser,
  setup,
  statusRoute,
  uploaded,
} from '@/test/content-processing';
import { renderApp } from '@/test/render';
import { mockXhr } from '@/test/xhr-mock';
import { DRAFT_KEY } from './wizard/use-wizard-draft';

/**
 * The create-class wizard while its files are read in the background: the item is
 * `processing`, then `ready` or `failed` with a reason.
 * test/content-processing.ts has the routes and timers these tests share.
 */

const user = fakeTimerUser();

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

  it('step 3: no checking nor testing while the syllabus is being read; allowed once it is ready', async () => {
    draftAt(3);
    const syllabus = makeContent({
      class_id: created.id,
      content_type: 'syllabus',
      status: 'processing',
    });
    let contents: ContentItem[] = [syllabus];
    let listed = 0;
    const check = checkRoutes(created.id, [makeCheckItem()]);
    const calls = setup([], {
      [`GET /classes/${created.id}`]: ok(created),
      [`GET /content/class/${created.id}`]: () => {
        listed += 1;
        return ok({ contents });
      },
      ...check.routes,
      [`POST /chat/test/${created.id}/stream`]: ok({
        response: 'Labs 30%.',
        source_type: 'syllabus',
        citations: [],
      }),
    });
    const w = await openWizard();
    await w.findByText('Step 3 of 3: Check your assistant');
    expect(await w.findByText('Your syllabus is still being read')).toBeInTheDocument();
    // the check waits for the syllabus: its replies would come from nothing yet
    expect(w.queryByRole('heading', { name: 'Check your assistant' })).toBeNull();
    expect(calls.some((c) => c.path === check.base)).toBe(false);
    await user.type(w.getByLabelText('Your question'), 'Is attendance required?');
    expect(w.getByRole('button', { name: 'Test' })).toBeDisabled();

    // the list refreshes by itself while something is being read
    const before = listed;
    await elapse(1000);
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    expect(w.getByText('Your syllabus is still being read')).toBeInTheDocument();

    contents = [{ ...syllabus, status: 'ready' }];
    await elapse(5000);
    await waitFor(() => expect(w.queryByText('Your syllabus is still being read')).toBeNull());
    expect(await w.findByRole('listitem', { name: 'When are the office hours?' })).toBeTruthy();
    const testButton = w.getByRole('button', { name: 'Test' });
    expect(testButton).toBeEnabled();
    await user.click(testButton);
    expect(await w.findByText('Labs 30%.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/chat/test'))).toHaveLength(1);

    // nothing is being read any more: the list is not polled again
    const settled = listed;
    await elapse(30_000);
    expect(listed).toBe(settled);
    expect(calls.filter((c) => c.method === 'GET' && c.path === check.base)).toHaveLength(1);
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
      ...checkRoutes(created.id, [makeCheckItem()]).routes,
    });
    const w = await openWizard();
    expect(await w.findByText('Your syllabus could not be read')).toBeInTheDocument();
    expect(w.getByText(new RegExp(DAMAGED))).toBeInTheDocument();
    expect(
      await w.findByText('Please upload content first to test AI responses'),
    ).toBeInTheDocument();
    await user.type(w.getByLabelText('Your question'), 'Is attendance required?{Enter}');
    expect(w.getAllByText('Please upload content first to test AI responses')).toHaveLength(1);
    expect(calls.some((c) => c.path.startsWith('/chat/test'))).toBe(false);
  });
});
