import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import type { User } from '@app/contracts';
import { deferred, makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { ProtectedRoute } from './protected-route';
import { RootLayout } from './root-layout';

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <h1>Landing</h1> },
      {
        path: '/dashboard',
        element: (
          <ProtectedRoute>
            <h1>Protected content</h1>
          </ProtectedRoute>
        ),
      },
    ],
  },
];

function signInAs(user: User) {
  seedSession(user);
  mockApi({ 'GET /auth/profile': { body: { success: true, data: { user } } } });
}

describe('protected area gate (SPEC §2)', () => {
  it('redirects to / without a user', async () => {
    mockApi({});
    const { router } = renderApp('/dashboard', routes);
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['trialing', 'active', 'suspended'] as const)(
    'shows the content for %s',
    async (status) => {
      signInAs(makeUser({ subscription_status: status }));
      renderApp('/dashboard', routes);
      expect(await screen.findByRole('heading', { name: 'Protected content' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('falls through and shows the content for any other status', async () => {
    signInAs(makeUser({ subscription_status: 'past_due' as User['subscription_status'] }));
    renderApp('/dashboard', routes);
    expect(await screen.findByRole('heading', { name: 'Protected content' })).toBeInTheDocument();
  });

  it('opens the sign-up modal at once for incomplete_signup, resuming at the plan step', async () => {
    signInAs(makeUser({ subscription_status: 'incomplete_signup' }));
    renderApp('/dashboard', routes);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Choose your plan');
    expect(screen.queryByRole('heading', { name: 'Protected content' })).not.toBeInTheDocument();
  });

  it('resumes at the saved step at once, waiting on no request', async () => {
    seedSession(makeUser({ subscription_status: 'incomplete_signup' }));
    localStorage.setItem('signup_flow_step', 'payment');
    // the profile refresh and the payment form's setup never answer
    const never = deferred({ body: {} });
    mockApi({
      'GET /auth/profile': never.handler,
      'GET /billing/payment/stripe-data': never.handler,
      'GET /billing/pricing': never.handler,
    });
    renderApp('/dashboard', routes);
    const dialog = await screen.findByRole('dialog', { name: 'Start your free trial' });
    // the part still on its way says what it is waiting for
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the payment form…');
    expect(within(dialog).getByText('Due today')).toBeInTheDocument();
  });

  it('says what it is loading while a session without stored user data is resolved', async () => {
    seedSession(null);
    const profile = deferred({
      body: {
        success: true,
        data: { user: makeUser({ subscription_status: 'incomplete_signup' }) },
      },
    });
    mockApi({ 'GET /auth/profile': profile.handler });
    renderApp('/dashboard', routes);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your account…');
    act(() => profile.release());
    expect(await screen.findByRole('dialog', { name: 'Choose your plan' })).toBeInTheDocument();
  });

  it('waits 1 s before opening when trial data is saved', async () => {
    signInAs(makeUser({ subscription_status: 'incomplete_signup' }));
    localStorage.setItem('trial_data', JSON.stringify({ session_id: 's' }));
    // the app's clock, not the machine's: 0.9 s in nothing has opened, 1.1 s in it has
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderApp('/dashboard', routes);
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Preparing your sign-up…');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closing the modal logs the user out', async () => {
    signInAs(makeUser({ subscription_status: 'incomplete_signup' }));
    const { router } = renderApp('/dashboard', routes);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user_data')).toBeNull();
  });

  it('closing the modal keeps the session when the stored status changed meanwhile', async () => {
    signInAs(makeUser({ subscription_status: 'incomplete_signup' }));
    const { router } = renderApp('/dashboard', routes);
    await screen.findByRole('dialog');
    localStorage.setItem(
      'user_data',
      JSON.stringify(makeUser({ subscription_status: 'trialing' })),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
