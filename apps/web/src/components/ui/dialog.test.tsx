import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A dialog opened from its own state, as most of ours are (no Radix Trigger). */
function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Controlled</DialogTitle>
          <DialogDescription>Focus goes back to Open.</DialogDescription>
          {/* a field that takes focus itself, as the sign-in form's e-mail does */}
          <input aria-label="Email" autoFocus />
        </DialogContent>
      </Dialog>
    </>
  );
}

type Shown = 'none' | 'first' | 'second';

/** Dialogs mounted only while open, one replacing the other (Sign in → Create an account). */
function Switching() {
  const [shown, setShown] = useState<Shown>('none');
  const close = (open: boolean) => (open ? undefined : setShown('none'));
  return (
    <>
      <button type="button" onClick={() => setShown('first')}>
        Sign In
      </button>
      {shown === 'first' ? (
        <Dialog open onOpenChange={close}>
          <DialogContent>
            <DialogTitle>First</DialogTitle>
            <DialogDescription>Leads to the second.</DialogDescription>
            <button type="button" onClick={() => setShown('second')}>
              Create an account
            </button>
          </DialogContent>
        </Dialog>
      ) : null}
      {shown === 'second' ? (
        <Dialog open onOpenChange={close}>
          <DialogContent>
            <DialogTitle>Second</DialogTitle>
            <DialogDescription>Replaced the first.</DialogDescription>
            <input aria-label="Name" autoFocus />
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

async function closed(name: string) {
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
}

describe('Dialog returns focus to what opened it', () => {
  it('after Escape, though the dialog had no Trigger and a field took focus', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Controlled' });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await user.keyboard('{Escape}');
    await closed('Controlled');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })),
    );
  });

  it('after the close button', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Controlled' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await closed('Controlled');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })),
    );
  });

  it('when the dialog is unmounted on close, and after another dialog replaced it', async () => {
    const user = userEvent.setup();
    render(<Switching />);
    const opener = screen.getByRole('button', { name: 'Sign In' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    await closed('First');
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    await screen.findByRole('dialog', { name: 'Second' });
    // the first dialog's own return does not pull focus out of the second
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.keyboard('{Escape}');
    await closed('Second');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("leaves focus to the caller's onCloseAutoFocus when it prevents the default", async () => {
    function Custom() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <button type="button">Elsewhere</button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                screen.getByRole('button', { name: 'Elsewhere' }).focus();
              }}
            >
              <DialogTitle>Custom</DialogTitle>
              <DialogDescription>Chooses where focus goes.</DialogDescription>
            </DialogContent>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Custom />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Custom' });
    await user.keyboard('{Escape}');
    await closed('Custom');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' })),
    );
  });
});
