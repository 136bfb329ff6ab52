import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClassItem, ContentItem } from '@app/contracts';
import { stubDialog } from '@/test/browser-dialogs';
import { ok } from '@/test/billing-fixtures';
import { makeClass, makeContent } from '@/test/class-fixtures';
import {
  DAMAGED,
  card,
  elapse,
  fakeTimerUser,
  setup,
  statusRoute,
  uploaded,
} from '@/test/content-processing';
import { renderApp } from '@/test/render';
import { mockXhr } from '@/test/xhr-mock';

/**
 * Add Content and Review Course while a file is read in the background: the item is
 * `processing`, then `ready` or `failed` with a reason.
 * test/content-processing.ts has the routes and timers these tests share.
 */

const user = fakeTimerUser();

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
