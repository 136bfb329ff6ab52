import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeClass, makeContent } from '@/test/class-fixtures';
import { setup } from '@/test/content-processing';
import { renderApp } from '@/test/render';
import { mockXhr } from '@/test/xhr-mock';

async function addContentButton(name: string) {
  const card = within(await screen.findByRole('article', { name }));
  return card.getByRole('button', { name: 'Add content' });
}

describe('add content modal', () => {
  it('gives focus back to the Add content button it was opened with, on Escape and on ×', async () => {
    setup([makeClass({ class_name: 'Biology' }), makeClass({ class_name: 'Chemistry' })]);
    renderApp('/dashboard');
    const opener = await addContentButton('Chemistry');

    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Add Content' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    const d = within(await screen.findByRole('dialog', { name: 'Add Content' }));
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('says "Content added" once the item is added, and focus is back on the card', async () => {
    setup([makeClass({ class_name: 'Biology' })]);
    mockXhr(() => ({ status: 201, body: { success: true, data: { content: makeContent() } } }));
    renderApp('/dashboard');
    const opener = await addContentButton('Biology');
    await userEvent.click(opener);
    const d = within(await screen.findByRole('dialog', { name: 'Add Content' }));
    await userEvent.click(d.getByRole('button', { name: /Other information/ }));
    await userEvent.type(d.getByLabelText('Title'), 'Office hours');
    await userEvent.type(d.getByLabelText('Content'), 'Mondays 2-4 pm');
    await userEvent.click(d.getByRole('button', { name: 'Add Content' }));

    expect(await screen.findByText('Content added')).toBeInTheDocument();
    expect(screen.getByText('Office hours')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('takes the title from the chosen file (no extension, at most 255) unless one is typed', async () => {
    setup([makeClass({ class_name: 'Biology' })]);
    const xhr = mockXhr(() => ({
      status: 201,
      body: { success: true, data: { content: makeContent() } },
    }));
    renderApp('/dashboard');
    await userEvent.click(await addContentButton('Biology'));
    const d = within(await screen.findByRole('dialog', { name: 'Add Content' }));
    await userEvent.click(d.getByRole('button', { name: /Sample work/ }));

    await userEvent.upload(
      d.getByLabelText('Content file'),
      new File(['a'], 'Essay 1 (graded).pdf'),
    );
    expect(d.getByLabelText('Title')).toHaveValue('Essay 1 (graded)');

    // a long name is cut to 255 characters
    await userEvent.click(d.getByRole('button', { name: 'Remove file' }));
    await userEvent.clear(d.getByLabelText('Title'));
    const long = `${'x'.repeat(300)}.docx`;
    await userEvent.upload(d.getByLabelText('Content file'), new File(['a'], long));
    expect(d.getByLabelText('Title')).toHaveValue('x'.repeat(255));

    // a title the teacher typed stays
    await userEvent.click(d.getByRole('button', { name: 'Remove file' }));
    await userEvent.clear(d.getByLabelText('Title'));
    await userEvent.type(d.getByLabelText('Title'), 'Model answer');
    await userEvent.upload(d.getByLabelText('Content file'), new File(['a'], 'scan-004.pdf'));
    expect(d.getByLabelText('Title')).toHaveValue('Model answer');

    await userEvent.click(d.getByRole('button', { name: 'Add Content' }));
    await waitFor(() => expect(xhr).toHaveLength(1));
    expect(xhr[0]!.body!.get('title')).toBe('Model answer');
  });
});
