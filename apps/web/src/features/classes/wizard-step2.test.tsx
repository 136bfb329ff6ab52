import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { makeClass, makeContent } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession, type Reply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { mockXhr } from '@/test/xhr-mock';
import { DRAFT_KEY } from './wizard/use-wizard-draft';

/** The create wizard's steps at 390 px, and step 2's file rows. */

const created = makeClass({ class_name: 'Biology' });

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // a refused file must reach the page: the picker's accept list would hold it back
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi), applyAccept: false });
});
afterEach(() => vi.useRealTimers());

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setup(routes: Record<string, Reply | (() => Reply)> = {}) {
  const teacher = makeUser();
  seedSession(teacher);
  return mockApi({
    'GET /auth/profile': ok({ user: teacher }),
    'GET /classes': ok({ classes: [], billing_summary: makeUsage() }),
    ...routes,
  });
}

/** A saved draft at step 2: the class exists and its syllabus was sent. */
function draftAtStep2() {
  localStorage.setItem(
    DRAFT_KEY,
    JSON.stringify({
      owner: makeUser().id,
      step: 2,
      classInfo: { class_name: 'Biology' },
      syllabus: { title: '', content: '' },
      id: created.id,
    }),
  );
}

async function openWizard() {
  renderApp('/dashboard');
  const dialog = await screen.findByRole('dialog', { name: 'Create New Class' });
  await elapse(0);
  return within(dialog);
}

describe('wizard steps', () => {
  it('names the current step in full, even where only the numbers of the others fit', async () => {
    setup();
    const w = await openWizard();
    const progress = w.getByRole('list', { name: 'Progress' });
    const current = within(progress).getByText('Class info & syllabus');
    // shown at every width (before: hidden below 640 px, leaving "1.")
    expect(current).not.toHaveClass('hidden');
    expect(current).not.toHaveClass('sr-only');
    expect(current.closest('li')).toHaveAttribute('aria-current', 'step');
    // the others: their numbers on a phone, names read out, and shown from 640 px
    for (const name of ['Additional content', 'Check your assistant']) {
      const other = within(progress).getByText(name);
      expect(other).toHaveClass('sr-only', 'sm:not-sr-only');
      expect(other.closest('li')).toHaveTextContent(/^\d\. /);
    }
  });
});

describe('wizard step 2: file rows and what the class holds', () => {
  it('a refused file can be dismissed from the keyboard; focus goes on to Choose files', async () => {
    draftAtStep2();
    setup();
    const w = await openWizard();
    await w.findByText('Step 2 of 3: Additional content');
    await user.upload(w.getByLabelText('Additional content files'), new File(['x'], 'photo.png'));
    const uploads = within(w.getByRole('list', { name: 'File uploads' }));
    expect(uploads.getByRole('alert')).toHaveTextContent('Unsupported file type');
    const dismiss = uploads.getByRole('button', { name: 'Dismiss photo.png' });
    expect(dismiss).toHaveTextContent('Dismiss');

    dismiss.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(w.queryByRole('list', { name: 'File uploads' })).toBeNull());
    expect(w.getByRole('button', { name: /Choose files/i })).toHaveFocus();
  });

  it('says what the class holds, and keeps counting a completed file after it leaves the list', async () => {
    draftAtStep2();
    const syllabus = makeContent({ class_id: created.id, content_type: 'syllabus' });
    const notes = makeContent({ class_id: created.id, title: 'notes', status: 'ready' });
    let stored = [syllabus];
    setup({ [`GET /content/class/${created.id}`]: () => ok({ contents: stored }) });
    const xhr = mockXhr();
    const w = await openWizard();
    await w.findByText('Step 2 of 3: Additional content');
    const summary = w.getByRole('status');
    await waitFor(() => expect(summary).toHaveTextContent('This class has: Syllabus'));

    await user.upload(w.getByLabelText('Additional content files'), new File(['n'], 'notes.pdf'));
    stored = [syllabus, notes];
    xhr[0]!.respond(201, { success: true, data: { content: notes } });
    expect(await w.findByText('Completed')).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveTextContent('This class has: Syllabus · 1 file'));

    await user.click(w.getByRole('button', { name: 'Add text entry' }));
    await user.type(w.getByLabelText('Entry 1 title'), 'Office hours');
    expect(summary).toHaveTextContent('This class has: Syllabus · 1 file · 1 text entry');

    // SPEC §2: the completed row goes after 3 s; the summary stays
    await elapse(3000);
    await waitFor(() => expect(w.queryByRole('list', { name: 'File uploads' })).toBeNull());
    expect(summary).toHaveTextContent('This class has: Syllabus · 1 file · 1 text entry');
  });
});
