import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSubscription, makeUsage, ok } from '@/test/billing-fixtures';
import { makeClass } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function signedIn(classes = [makeClass()], cancelled = false) {
  const user = makeUser({
    subscription_status: 'trialing',
    trial_end: '2025-09-04T12:00:00.000Z',
  });
  seedSession(user);
  mockApi({
    'GET /auth/profile': ok({ user }),
    'GET /classes': ok({ classes, billing_summary: makeUsage() }),
    'GET /billing/subscription': ok(
      makeSubscription({ status: 'trialing', cancel_at_period_end: cancelled }),
    ),
  });
}

describe('dashboard welcome after payment', () => {
  it('welcome=true shows a dismissible trial banner with the trial end date', async () => {
    signedIn();
    const { router } = renderApp('/dashboard?trial=active&welcome=true');
    const banner = await screen.findByRole('region', { name: 'Welcome' });
    expect(banner).toHaveTextContent('Your 3-day free trial has started');
    expect(banner).toHaveTextContent('Your trial runs until September 4, 2025.');
    expect(banner).not.toHaveTextContent('may take a moment');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss welcome message' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Welcome' })).toBeNull());
    expect(router.state.location.search).toBe(''); // a reload won't bring it back
  });

  it('says "Create your first class" only to a teacher who has none (issue 31)', async () => {
    signedIn([makeClass()]);
    renderApp('/dashboard?trial=active&welcome=true');
    const banner = await screen.findByRole('region', { name: 'Welcome' });
    await waitFor(() =>
      expect(banner).toHaveTextContent("Share each class's chat link with your students."),
    );
    expect(banner).not.toHaveTextContent('Create your first class');
    cleanup();

    signedIn([]);
    renderApp('/dashboard?trial=active&welcome=true');
    const first = await screen.findByRole('region', { name: 'Welcome', hidden: true });
    await waitFor(() => expect(first).toHaveTextContent('Create your first class'));
  });

  it('after a cancellation the trial line says the plan ends with the trial (issue 31)', async () => {
    signedIn([makeClass()], true);
    renderApp('/dashboard');
    expect(
      await screen.findByText(
        'Your plan is cancelled: it ends with your free trial on September 4, 2025.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/free trial runs until/)).toBeNull();
  });

  it('error=update_timeout adds a gentle note', async () => {
    signedIn();
    renderApp('/dashboard?trial=active&welcome=true&error=update_timeout');
    const banner = await screen.findByRole('region', { name: 'Welcome' });
    expect(banner).toHaveTextContent('Your subscription status may take a moment to update.');
  });

  it('no banner without the query', async () => {
    signedIn([]);
    renderApp('/dashboard');
    // zero classes: the wizard opens by itself over the empty state
    expect(await screen.findByRole('dialog', { name: 'Create New Class' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'No Classes Yet', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Welcome' })).toBeNull();
  });
});

describe('the wizard that opens by itself', () => {
  it('gives focus to Create New Class when closed, not to the page (issue 31)', async () => {
    signedIn([]);
    renderApp('/dashboard');
    const wizard = await screen.findByRole('dialog', { name: 'Create New Class' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(wizard).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create New Class' })).toHaveFocus(),
    );
  });
});

describe('dashboard class cards', () => {
  it('a long class name wraps to two lines and can be read in full (tooltip, card name)', async () => {
    const name = 'Organic Chemistry I - Reaction Mechanisms and Stereochemistry Laboratory Section';
    signedIn([makeClass({ class_name: name })]);
    renderApp('/dashboard');
    const card = await screen.findByRole('article', { name });
    const heading = within(card).getByRole('heading', { level: 3, name });
    expect(heading).toHaveAttribute('title', name);
    expect(heading).toHaveClass('line-clamp-2');
    expect(heading).not.toHaveClass('truncate');
    // the number of students is the teacher's estimate, and says so (issue 31)
    expect(within(card).getByText('Est. students')).toBeInTheDocument();
  });
});
