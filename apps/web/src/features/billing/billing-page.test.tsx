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
    expect(screen.getByRole('heading', { name: 'Classes in Fall 2025' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Classes used in Fall 2025' });
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
          bought
            ? after
            : makeUsage({
                classes_used: 3,
                classes_remaining: 0,
                next_class: 'addon',
                next_class_cost: 6,
              }),
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
      season_name: 'Fall 2025',
    });
    await waitFor(() =>
      expect(
        screen.getByRole('progressbar', { name: 'Classes used in Fall 2025' }),
      ).toHaveAttribute('aria-valuemax', '4'),
    );
    // the offer is gone with the class it bought: focus goes to the line saying what is left
    expect(screen.queryByRole('button', { name: 'Buy an add-on class' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toHaveTextContent(
        'You can create 1 more class in Fall 2025 within your plan.',
      ),
    );
  });

  it('a refused add-on shows the server message in the dialog and a toast', async () => {
    signedIn({
      'GET /billing/usage': ok(
        makeUsage({
          classes_used: 3,
          classes_remaining: 0,
          next_class: 'addon',
          next_class_cost: 6,
        }),
      ),
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

/** Each state of the plan and the season, as the server reports it, and the copy it must show. */
const STATES = [
  {
    name: 'trialing with classes left',
    usage: makeUsage({ classes_used: 1, classes_remaining: 2 }),
    subscription: makeSubscription(),
    badge: 'Trial',
    period: ['Trial ends', 'September 4, 2025'],
    next: 'Included',
    note: 'You can create 2 more classes in Fall 2025 within your plan.',
    offer: false,
  },
  {
    name: 'active with classes left',
    usage: makeUsage({ subscription_status: 'active', classes_used: 2, classes_remaining: 1 }),
    subscription: makeSubscription({ status: 'active' }),
    badge: 'Active',
    period: ['Renews on', 'January 15, 2026'],
    next: 'Included',
    note: 'You can create 1 more class in Fall 2025 within your plan.',
    offer: false,
  },
  {
    name: 'active with the included classes used (add-on offered)',
    usage: makeUsage({
      subscription_status: 'active',
      classes_used: 3,
      classes_remaining: 0,
      can_add_class: false,
      next_class: 'addon',
      next_class_cost: 6,
    }),
    subscription: makeSubscription({ status: 'active' }),
    badge: 'Active',
    period: ['Renews on', 'January 15, 2026'],
    next: '$6.00',
    note: 'You have used all 3 classes included in Fall 2025. An add-on class costs $6.00.',
    offer: true,
  },
  {
    name: 'at the maximum',
    usage: makeUsage({
      subscription_status: 'active',
      classes_used: 10,
      addon_classes: 7,
      classes_remaining: 0,
      can_add_class: false,
      next_class: 'maximum',
    }),
    subscription: makeSubscription({ status: 'active' }),
    badge: 'Active',
    period: ['Renews on', 'January 15, 2026'],
    next: 'Unavailable',
    note: 'You have reached the maximum of 10 classes in Fall 2025.',
    offer: false,
  },
  {
    name: 'cancelled with classes left',
    usage: makeUsage({ subscription_status: 'active', classes_used: 1, classes_remaining: 2 }),
    subscription: makeSubscription({ status: 'active', cancel_at_period_end: true }),
    badge: 'Cancels on January 15, 2026',
    period: ['Access until', 'January 15, 2026'],
    next: 'Included',
    note: 'You can create 2 more classes in Fall 2025 within your plan.',
    offer: false,
  },
  {
    name: 'cancelled with the included classes used',
    usage: makeUsage({
      subscription_status: 'active',
      classes_used: 4,
      addon_classes: 1,
      classes_remaining: 0,
      can_add_class: false,
      next_class: 'cancelled',
    }),
    subscription: makeSubscription({ status: 'active', cancel_at_period_end: true }),
    badge: 'Cancels on January 15, 2026',
    period: ['Access until', 'January 15, 2026'],
    next: 'Unavailable',
    note: 'You have used all 3 classes included in Fall 2025 and your 1 add-on class. Your plan is cancelled, so no add-on class can be bought: resume it in My Account to add one.',
    offer: false,
  },
  {
    name: 'suspended (the plan has ended)',
    usage: makeUsage({
      subscription_status: 'suspended',
      classes_used: 2,
      classes_remaining: 0,
      can_add_class: false,
      next_class: 'inactive',
    }),
    subscription: makeSubscription({ status: 'suspended' }),
    badge: 'Suspended',
    period: null,
    next: 'Unavailable',
    note: 'Your subscription is not active, so no class can be created or added.',
    offer: false,
  },
] as const;

describe('Billing & Usage speaks one language in each state', () => {
  it.each(STATES)('$name', async (state) => {
    const calls = signedIn({
      'GET /billing/usage': ok(state.usage),
      'GET /billing/subscription': ok(state.subscription),
    });
    renderApp('/billing');
    const plan = (await screen.findByRole('heading', { name: 'Current plan' })).closest(
      'div.rounded-xl',
    ) as HTMLElement;
    expect(await within(plan).findByTestId('subscription-status')).toHaveTextContent(state.badge);
    expect(within(plan).getByText('Season').nextSibling).toHaveTextContent('Fall 2025');
    for (const label of ['Trial ends', 'Renews on', 'Access until']) {
      if (state.period?.[0] === label)
        expect(within(plan).getByText(label).nextSibling).toHaveTextContent(state.period[1]);
      else expect(within(plan).queryByText(label)).toBeNull();
    }

    const usage = screen
      .getByRole('heading', { name: 'Classes in Fall 2025' })
      .closest('div.rounded-xl') as HTMLElement;
    expect(within(usage).getByText('Next class').nextSibling).toHaveTextContent(state.next);
    const note = within(usage).getByText(state.note);
    const buy = within(usage).queryByRole('button', { name: 'Buy an add-on class' });
    if (state.offer) {
      // offered only here, described by the line that prices it, and never beside "Included"
      await waitFor(() => expect(buy).toBeEnabled());
      expect(buy).toHaveAccessibleDescription(state.note);
      expect(state.next).not.toBe('Included');
    } else {
      expect(buy).toBeNull();
      expect(within(usage).queryByText(/add-on class costs/)).toBeNull();
      // nor is its price asked for
      expect(calls.some((c) => c.path === '/billing/payment/addon-payment-data')).toBe(false);
    }
    expect(note).toBeVisible();
    // a cancelled plan is resumed in My Account, where its Resume button is
    const account = within(usage).queryByRole('link', { name: 'Go to My Account' });
    if (state.usage.next_class === 'cancelled') expect(account).toHaveAttribute('href', '/account');
    else expect(account).toBeNull();
  });

  it('shows the other semesters a teacher has classes in, each against its own allowance', async () => {
    signedIn({
      'GET /billing/usage': ok(
        makeUsage({
          season_name: 'Fall 2026',
          classes_used: 3,
          classes_remaining: 0,
          next_class: 'addon',
          next_class_cost: 6,
          other_seasons: [
            { season_name: 'Spring 2027', classes_used: 4, addon_classes: 1 },
            { season_name: 'Spring 2026', classes_used: 2, addon_classes: 0 },
          ],
        }),
      ),
    });
    renderApp('/billing');
    const others = await screen.findByRole('region', { name: 'Other semesters' });
    const rows = within(others).getAllByRole('term');
    expect(rows.map((r) => r.textContent)).toEqual(['Spring 2027', 'Spring 2026']);
    expect(rows[0]!.nextSibling).toHaveTextContent('4 of 4 classes used (1 add-on)');
    expect(rows[1]!.nextSibling).toHaveTextContent('2 of 3 classes used');
  });

  it('has no other-semesters list when all classes are in this one', async () => {
    signedIn();
    renderApp('/billing');
    await screen.findByRole('heading', { name: 'Classes in Fall 2025' });
    expect(screen.queryByRole('region', { name: 'Other semesters' })).toBeNull();
  });

  it('says when the first charge comes: after the trial, or at once on a paid plan', async () => {
    signedIn();
    const { unmount } = renderApp('/billing');
    expect(await screen.findByText('Charges appear here once your trial ends.')).toBeVisible();
    unmount();
    signedIn({
      'GET /billing/usage': ok(makeUsage({ subscription_status: 'active' })),
      'GET /billing/subscription': ok(makeSubscription({ status: 'active' })),
    });
    renderApp('/billing');
    expect(await screen.findByText('Your plan and add-on charges appear here.')).toBeVisible();
  });
});
