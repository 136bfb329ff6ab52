import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUsage } from '@/test/billing-fixtures';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { pageTitle } from './layouts/nav';

const usage = makeUsage({ addon_classes: 2 });

function signedIn(extra: Parameters<typeof mockApi>[0] = {}) {
  seedSession();
  return mockApi({
    'GET /auth/profile': { body: { success: true, data: { user: makeUser() } } },
    ...extra,
  });
}

describe('routes (SPEC §2)', () => {
  it('redirects unknown paths to /', async () => {
    mockApi({});
    const { router } = renderApp('/nope/nowhere');
    expect(
      await screen.findByRole('heading', { level: 1, name: /your syllabus/i }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user from the landing page to /dashboard', async () => {
    signedIn();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('keeps a fresh sign-up on the landing page', async () => {
    signedIn();
    localStorage.setItem('isNewSignup', 'true');
    const { router } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Get Started' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens "Set a new password" from a reset link and removes the token from the URL', async () => {
    mockApi({});
    const replace = vi.spyOn(window.history, 'replaceState');
    renderApp('/?reset_token=tok-123');
    expect(await screen.findByRole('dialog', { name: 'Set a new password' })).toBeInTheDocument();
    expect(replace).toHaveBeenCalled();
    expect(String(replace.mock.calls.at(-1)?.[2])).not.toContain('reset_token');
  });

  it('landing top bar opens the sign-in and sign-up dialogs', async () => {
    mockApi({});
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('focus goes back to Sign In when the sign-in dialog closes (Escape or ×)', async () => {
    mockApi({});
    renderApp('/');
    const user = userEvent.setup();
    const signIn = await screen.findByRole('button', { name: 'Sign In' });
    await user.click(signIn);
    await screen.findByRole('dialog', { name: 'Sign in' });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(signIn));

    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(signIn));
  });

  it('Try Me opens the document trial at its upload step', async () => {
    mockApi({
      'POST /trial/session': {
        status: 201,
        body: {
          success: true,
          data: {
            session_id: '9d2b7c4e-1f3a-4b5c-8d6e-7f8091a2b3c4',
            expires_at: '2099-01-01T00:00:00.000Z',
            questions_used: 0,
            questions_left: 10,
            document: null,
          },
        },
      },
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /Try Me/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Try it with your document' });
    expect(await within(dialog).findByRole('button', { name: 'Choose a file' })).toBeVisible();
    expect(within(dialog).getByText('10 questions left')).toBeInTheDocument();
  });

  it('landing page shows the marketing numbers and plans', async () => {
    mockApi({});
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    for (const text of [
      '3 hours',
      '2+',
      '20',
      '98%',
      'Load Your Content',
      'Share Your Link',
      'Save Hours',
      '$18',
      '$135',
    ]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(document.getElementById('how-it-works')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:support@syllabot.app',
    );
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  });

  it('terms page shows the effective date and support address', async () => {
    mockApi({});
    renderApp('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }),
    ).toBeInTheDocument();
    expect(screen.getByText('July 15, 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'support@syllabot.app' }).length).toBeGreaterThan(0);
  });

  it('install-success goes to integrations after 3 s', async () => {
    // the page's clock, not the machine's: still there at 2.9 s, gone by 3.1 s
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signedIn();
    const { router } = renderApp('/install-success');
    // real turns of the event loop (pages load) while the page's clock stands still
    const turns = async (until: () => boolean, limitMs = 10_000) => {
      const end = performance.now() + limitMs;
      while (!until() && performance.now() < end)
        await act(() => new Promise((resolve) => setImmediate(resolve)));
    };
    const connected = () => !!screen.queryByRole('heading', { name: 'Workspace connected' });
    const left = () => router.state.location.pathname !== '/install-success';
    await turns(connected);
    expect(connected()).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2900));
    await turns(left, 300);
    expect(router.state.location.pathname).toBe('/install-success');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await turns(left);
    expect(router.state.location.pathname).toBe('/integrations');
    // Integrations reads slack_install=success (its banner), then removes it from the URL
    await turns(() => !!screen.queryByText(/connection successful!/));
    expect(screen.getByText(/connection successful!/)).toBeInTheDocument();
  });

  it('install-success: Complete Setup goes at once', async () => {
    signedIn();
    const { router } = renderApp('/install-success');
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'));
    expect(await screen.findByText(/connection successful!/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('authenticated shell', () => {
  it.each([
    ['/dashboard', 'My Classes'],
    ['/analytics', 'Analytics'],
    ['/chats', 'Student Conversations'],
    ['/chat-history', 'Chat History'],
    ['/integrations', 'Integrations'],
    ['/account', 'My Account'],
    ['/billing', 'Billing & Usage'],
  ])('%s is titled %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });

  it('shows the title, hides the bell badge without requests and ignores failed header calls', async () => {
    signedIn();
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Classes' }),
    ).toBeInTheDocument();
    // no class list route mocked here: the dashboard shows its own error panel
    expect(await screen.findByText('Failed to fetch classes.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Student contact requests' })).toHaveAttribute(
      'href',
      '/chats?view=requests',
    );
    expect(screen.queryByTestId('contact-request-count')).not.toBeInTheDocument();
  });

  it('shows the unanswered request count and usage in the user menu, and logs out', async () => {
    const calls = signedIn({
      'GET /billing/usage': { body: { success: true, data: usage } },
      'GET /chat/email-requests': {
        body: {
          success: true,
          data: {
            requests: [
              { id: '1', teacher_responded_at: null },
              { id: '2', teacher_responded_at: '2025-01-01' },
            ],
          },
        },
      },
      'POST /auth/logout': { body: { success: true } },
    });
    const { router } = renderApp('/chats');
    const user = userEvent.setup();
    expect(await screen.findByTestId('contact-request-count')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Ada Lovelace, account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Teacher plan')).toBeInTheDocument();
    expect(within(menu).getByText('Fall 2025')).toBeInTheDocument();
    expect(within(menu).getByText('1 / 3')).toBeInTheDocument();
    expect(within(menu).getByText('2')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('access_token')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/logout')).toBe(true));
  });

  it('user menu items navigate', async () => {
    signedIn();
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace, account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Billing & Usage' }));
    // The billing page is a lazy route: its first import is transformed on demand, which can be
    // slow on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'), {
      timeout: 10_000,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Billing & Usage' }),
    ).toBeInTheDocument();
  });

  it('the navigation drawer closes on Escape and on navigation', async () => {
    signedIn();
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('link', { name: 'Integrations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument(),
    );
  });

  it('focus goes back to Open navigation when the drawer closes (Escape or ×)', async () => {
    signedIn();
    renderApp('/dashboard');
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Open navigation' });
    await user.click(open);
    await screen.findByRole('dialog', { name: 'Navigation' });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(document.activeElement).toBe(open));

    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('button', { name: 'Close navigation' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('the sidebar collapses', async () => {
    signedIn();
    renderApp('/analytics');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('account page saves the profile', async () => {
    const updated = makeUser({ first_name: 'Augusta' });
    const calls = signedIn({
      'PUT /auth/profile': { body: { success: true, data: { user: updated } } },
    });
    renderApp('/account');
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Augusta');
    const profileForm = first.closest('form')!;
    await user.type(within(profileForm).getByLabelText(/Current password/), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      first_name: 'Augusta',
      email: 'ada@example.edu',
      current_password: 'Secret-Pass-1',
    });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('user_data')!).first_name).toBe('Augusta'),
    );
  });
});
