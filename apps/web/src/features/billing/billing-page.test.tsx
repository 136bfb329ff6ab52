import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@app/contracts';
import { makeAddon, makePayment, makeSubscription, makeUsage, ok } from '@/test/billing-fixtures';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

type Routes = Parameters<typeof mockApi>[0];

function signedIn(extra: Routes = {}) {
  seedSession();
  return mockApi({
    'GET /auth/profile': ok({ user: makeUser() }),
    'GET /billing/usage': ok(makeUsage()),
    'GET /billing/subscription': ok(makeSubscription()),
    'GET /billing/payment/addon-payment-data': ok(makeAddon()),
    'GET /billing/history': ok({ payments: [], total: 0, page: 1, per_page: 10 }),
    ...extra,
  });
}

const user = userEvent.setup();

/** Buy an add-on class, once the add-on offer has loaded (it is disabled until then). */
async function addonButtonOnceAvailable(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Buy an add-on class' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('Billing & Usage page', () => {
  it('shows plan, status, season, usage against the allowance and the cap', async () => {
    signedIn({
      'GET /billing/usage': ok(
        makeUsage({ classes_used: 4, addon_classes: 2, classes_remaining: 1, total_cost: 30 }),
      ),
    });
    renderApp('/billing');
    const plan = await screen.findByRole('heading', { name: 'Current plan' });
    const planCard = plan.closest('div.rounded-xl') as HTMLElement;
    expect(within(planCard).getByText('Teacher plan')).toBeInTheDocument();
    expect(within(planCard).getByText('$18 per semester')).toBeInTheDocument();
    expect(await within(planCard).findByText('Trial')).toBeInTheDocument();
    expect(within(planCard).getByText('Fall 2025')).toBeInTheDocument();
    expect(within(planCard).getByText('$30.00')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Classes used this season' });
    expect(bar).toHaveAttribute('aria-valuenow', '4');
    expect(bar).toHaveAttribute('aria-valuemax', '5');
    expect(screen.getByText(/of 5 classes used/)).toBeInTheDocument();
    expect(screen.getByText('Semester cap: 10 classes')).toBeInTheDocument();
    expect(screen.getByText('Add-on classes').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Next class').nextSibling).toHaveTextContent('Included');
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });

  it('shows "Cancels on {date}" for a cancelled plan', async () => {
    signedIn({
      'GET /billing/subscription': ok(makeSubscription({ cancel_at_period_end: true })),
    });
    renderApp('/billing');
    expect(await screen.findByText('Cancels on September 4, 2025')).toBeInTheDocument();
  });

  it('disables the add-on at the cap with the server message', async () => {
    const message = BILLING_MESSAGES.atCap(10, 'Fall 2025');
    signedIn({
      'GET /billing/usage': ok(
        makeUsage({
          classes_used: 10,
          addon_classes: 7,
          classes_remaining: 0,
          can_add_class: false,
        }),
      ),
      'GET /billing/payment/addon-payment-data': ok(
        makeAddon({ can_purchase: false, max_purchasable: 0, message }),
      ),
    });
    renderApp('/billing');
    expect(await screen.findByText(message)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Buy an add-on class' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(message);
  });

  it('buys an add-on class after confirming the amount (demo banner in local mode)', async () => {
    const after = makeUsage({
      classes_used: 3,
      addon_classes: 1,
      classes_remaining: 1,
      total_cost: 24,
    });
    let bought = false;
    const calls = signedIn({
      'GET /billing/usage': () =>
        ok(
          bought ? after : makeUsage({ classes_used: 3, classes_remaining: 0, next_class_cost: 6 }),
        ),
      'POST /billing/payment/purchase-addon': () => {
        bought = true;
        return ok(after);
      },
    });
    renderApp('/billing');
    await user.click(await addonButtonOnceAvailable());
    const dialog = await screen.findByRole('dialog', { name: 'Buy an add-on class' });
    expect(within(dialog).getByText(BILLING_MESSAGES.demoMode)).toBeInTheDocument();
    expect(within(dialog).getByTestId('addon-amount')).toHaveTextContent('$6.00');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $6.00' }));
    expect(await screen.findByText('Add-on class added')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Buy an add-on class' })).not.toBeInTheDocument(),
    );
    expect(calls.find((c) => c.path === '/billing/payment/purchase-addon')?.body).toEqual({
      class_count: 1,
    });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Classes used this season' })).toHaveAttribute(
        'aria-valuemax',
        '4',
      ),
    );
  });

  it('a refused add-on shows the server message in the dialog and a toast', async () => {
    signedIn({
      'POST /billing/payment/purchase-addon': {
        status: 402,
        body: { success: false, detail: 'Your card was declined.', code: 'CARD_DECLINED' },
      },
    });
    renderApp('/billing');
    await user.click(await addonButtonOnceAvailable());
    const dialog = await screen.findByRole('dialog', { name: 'Buy an add-on class' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $6.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(await screen.findByText('Add-on purchase failed')).toBeInTheDocument();
  });

  it('lists payments with "Page X of Y" across pages', async () => {
    const calls = signedIn({
      'GET /billing/history': (init) => {
        void init;
        return ok({
          payments: [
            makePayment({
              id: 'p1',
              description: 'Teacher plan — Fall 2025',
              amount: 18,
              kind: 'subscription',
              status: 'succeeded',
            }),
            makePayment({ id: 'p2' }),
          ],
          total: 12,
          page: 1,
          per_page: 10,
        });
      },
    });
    renderApp('/billing');
    const table = await screen.findByRole('table', { name: 'Payments' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Teacher plan — Fall 2025')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$18.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Not charged')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/billing/history')).toBeTruthy();
  });

  it('fits a phone: the date goes above the description, so no column is off screen', async () => {
    signedIn({
      'GET /billing/history': ok({
        payments: [
          makePayment({
            id: 'p1',
            description: 'Add-on class 1 — Fall 2026',
            created_at: '2026-11-25T12:00:00.000Z',
          }),
        ],
        total: 1,
        page: 1,
        per_page: 10,
      }),
    });
    renderApp('/billing');
    const table = await screen.findByRole('table', { name: 'Payments' });
    // no minimum width that pushed Amount and Status past a 390 px screen
    expect(table.className).not.toMatch(/min-w-/);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers[0]).toHaveTextContent('Date');
    expect(headers[0]).toHaveClass('hidden', 'sm:table-cell');
    // the date and the description: "Payment" on a phone
    expect(within(headers[1]!).getByText('Payment')).toHaveClass('sm:hidden');
    expect(within(headers[1]!).getByText('Description')).toHaveClass('hidden', 'sm:inline');
    const [date, description] = within(table).getAllByRole('cell');
    expect(date).toHaveClass('hidden', 'sm:table-cell');
    expect(description).toHaveTextContent('Nov 25, 2026Add-on class 1 — Fall 2026');
    // it fits, so it is no extra stop for the keyboard
    expect(screen.queryByRole('region', { name: 'Payment history table' })).toBeNull();
  });

  it('shows an error state with Try Again', async () => {
    let fail = true;
    signedIn({
      'GET /billing/usage': () =>
        fail
          ? { status: 500, body: { success: false, detail: 'Database unavailable', code: 'X' } }
          : ok(makeUsage()),
    });
    renderApp('/billing');
    expect(await screen.findByText('Billing details could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Current plan' })).toBeInTheDocument();
  });
});
