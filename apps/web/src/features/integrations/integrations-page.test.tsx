import { classChoiceName } from '@/lib/class-groups';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  SlackAuthorizedUser,
  SlackChannel,
  SlackIntegration,
  SlackIntegrationsList,
  SlackWorkspace,
} from '@app/contracts';
import { hardRedirect } from '@/lib/navigation';
import { makeClass } from '@/test/class-fixtures';
import { deferred, makeUser, mockApi, seedSession, type Reply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

vi.mock('@/lib/navigation', () => ({ hardRedirect: vi.fn() }));

const bio = makeClass({
  id: '11111111-1111-4111-8111-111111111111',
  class_name: 'Biology 101',
  student_size: 30,
});
const chem = makeClass({
  id: '22222222-2222-4222-8222-222222222222',
  class_name: 'Chemistry',
  student_size: 1,
});

const workspace: SlackWorkspace = {
  id: '33333333-3333-4333-8333-333333333333',
  slack_team_id: 'T0001',
  team_name: 'Biology Dept',
  connected: true,
  active_integrations: 1,
  created_at: '2025-09-01T12:00:00.000Z',
};

const grace: SlackAuthorizedUser = {
  id: '44444444-4444-4444-8444-444444444444',
  email: 'grace@example.edu',
  teacher_id: '55555555-5555-4555-8555-555555555555',
  teachers: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.edu' },
  created_at: '2025-09-02T12:00:00.000Z',
};

const bioLink: SlackIntegration = {
  id: '66666666-6666-4666-8666-666666666666',
  workspace_id: workspace.id,
  slack_team_id: 'T0001',
  class_id: bio.id,
  slack_channel_id: 'C0BIO',
  slack_channel_name: 'bio-101',
  is_active: true,
  created_at: '2025-09-02T12:00:00.000Z',
  classes: { class_name: 'Biology 101', course_code: null, semester: 'Fall', year: 2026 },
  slack_authorized_users: [grace],
};

const channels: SlackChannel[] = [
  { id: 'C0GEN', name: 'general', is_private: false, num_members: 24, is_member: true },
  { id: 'G0LAB', name: 'lab-staff', is_private: true, num_members: 1, is_member: false },
];

const ok = (data: unknown): Reply => ({ body: { success: true, data } });
const list = (over: Partial<SlackIntegrationsList> = {}) =>
  ok({ integrations: [], workspaces: [], configured: true, ...over });

function signedIn(routes: Parameters<typeof mockApi>[0] = {}) {
  seedSession();
  return mockApi({
    'GET /auth/profile': ok({ user: makeUser() }),
    'GET /classes': ok({ classes: [bio, chem], billing_summary: {} }),
    'GET /slack/integrations': list(),
    ...routes,
  });
}

const withWorkspace = () =>
  signedIn({
    'GET /slack/integrations': list({ workspaces: [workspace], integrations: [bioLink] }),
    'GET /slack/channels/T0001': ok(channels),
  });

describe('Integrations page (SPEC §2)', () => {
  beforeEach(() => vi.mocked(hardRedirect).mockClear());

  it('with no workspace: Connect, manual setup and the classes with id and student count', async () => {
    signedIn();
    renderApp('/integrations');
    expect(
      await screen.findByRole('button', { name: 'Connect to the team-chat service' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/upcoming release/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Manual setup' })).toBeInTheDocument();
    expect(screen.getByText('/link-class')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download app manifest' })).toBeInTheDocument();
    const classes = await screen.findByRole('list', { name: 'Available classes' });
    // named with its code and term: a course taught again is two classes of one name
    expect(within(classes).getByText(classChoiceName(bio))).toBeInTheDocument();
    expect(classChoiceName(bio)).toMatch(/^Biology 101 .* · \w+ \d{4}$/);
    expect(within(classes).getByText(`ID: ${bio.id}`)).toBeInTheDocument();
    expect(within(classes).getByText('30 students')).toBeInTheDocument();
    expect(within(classes).getByText('1 student')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Class-Channel Link' })).toBeNull();
  });

  it('Connect fetches the authorization URL and leaves for it', async () => {
    const calls = signedIn({
      'GET /slack/auth-url': ok({ auth_url: 'https://slack.example/oauth?state=abc' }),
    });
    renderApp('/integrations');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Connect to the team-chat service' }),
    );
    await waitFor(() =>
      expect(hardRedirect).toHaveBeenCalledWith('https://slack.example/oauth?state=abc'),
    );
    expect(calls.some((c) => c.method === 'GET' && c.path === '/slack/auth-url')).toBe(true);
  });

  it('Connect: configuration missing, and any other failure', async () => {
    let reply: Reply = {
      status: 503,
      body: {
        success: false,
        code: 'INTEGRATION_NOT_CONFIGURED',
        detail: 'Configuration of the team-chat service is missing. Please contact support.',
      },
    };
    signedIn({ 'GET /slack/auth-url': () => reply });
    renderApp('/integrations');
    const connect = await screen.findByRole('button', { name: 'Connect to the team-chat service' });
    await userEvent.click(connect);
    expect(
      await screen.findByText(
        'Configuration of the team-chat service is missing. Please contact support.',
      ),
    ).toBeInTheDocument();
    reply = { status: 500, body: { success: false, code: 'INTERNAL', detail: 'boom' } };
    await userEvent.click(connect);
    expect(
      await screen.findByText('Failed to get authorization URL for the team-chat service.'),
    ).toBeInTheDocument();
    expect(hardRedirect).not.toHaveBeenCalled();
  });

  it('a server with no team-chat app: Connect is disabled, and the page says why in a teacher’s words', async () => {
    const calls = signedIn({ 'GET /slack/integrations': list({ configured: false }) });
    renderApp('/integrations');
    const connect = await screen.findByRole('button', { name: 'Connect to the team-chat service' });
    expect(connect).toBeDisabled();
    expect(connect).toHaveAccessibleDescription(
      "Your administrator hasn't set up Slack for this server yet.",
    );
    expect(
      screen.getByText(/They can create the app from its manifest below\./),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/SLACK_CLIENT_ID|SLACK_SIGNING_SECRET/);
    await userEvent.click(connect);
    expect(calls.some((c) => c.path === '/slack/auth-url')).toBe(false);
  });

  it('slack_install=success shows the banner, leaves the URL, and goes after 5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signedIn();
    const { router } = renderApp('/integrations?slack_install=success');
    const turns = async (until: () => boolean, limitMs = 10_000) => {
      const end = performance.now() + limitMs;
      while (!until() && performance.now() < end)
        await act(() => new Promise((resolve) => setImmediate(resolve)));
    };
    const text = 'Team-chat connection successful! You can now link classes to channels below.';
    const banner = () => !!screen.queryByText(text);
    await turns(banner);
    expect(banner()).toBe(true);
    await turns(() => router.state.location.search === '');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/integrations');
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(banner()).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await turns(() => !banner(), 300);
    expect(banner()).toBe(false);
  });

  it('error shows the connection-failed message, then leaves the URL', async () => {
    signedIn();
    const { router } = renderApp('/integrations?error=access_denied&tab=x');
    expect(
      await screen.findByText('Team-chat connection failed: access_denied'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/connection failed/)).toBeNull();
  });

  it('load failures use SPEC texts', async () => {
    signedIn({
      'GET /slack/integrations': { status: 500, body: { success: false, detail: 'db down' } },
      'GET /classes': { status: 500, body: { success: false, detail: 'nope' } },
    });
    renderApp('/integrations');
    expect(await screen.findByText('Failed to load integrations: db down')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load classes: nope')).toBeInTheDocument();
  });

  it('per workspace: name, team id, Connected badge and active integrations', async () => {
    withWorkspace();
    renderApp('/integrations');
    expect(await screen.findByRole('heading', { name: 'Biology Dept' })).toBeInTheDocument();
    expect(screen.getByText('Team ID: T0001')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('1 active integration')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Another Workspace' })).toBeInTheDocument();
  });

  it('channel picker searches by name or id and labels each channel', async () => {
    withWorkspace();
    renderApp('/integrations');
    const channel = await screen.findByRole('combobox', { name: 'Channel' });
    await userEvent.click(channel);
    const listbox = await screen.findByRole('listbox', { name: 'Channel' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2));
    const general = within(listbox).getByRole('option', { name: /#general/ });
    expect(general).toHaveTextContent('Public · 24 members');
    expect(general).not.toHaveTextContent('Add bot first');
    const lab = within(listbox).getByRole('option', { name: /#lab-staff/ });
    expect(lab).toHaveTextContent('Private · 1 member');
    expect(lab).toHaveTextContent('Add bot first');
    await userEvent.type(channel, 'g0l');
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    expect(within(listbox).getByRole('option')).toHaveTextContent('#lab-staff');
    await userEvent.clear(channel);
    await userEvent.type(channel, 'gen');
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    expect(channel).toHaveValue('#general');
  });

  it('creating a link: validation, in-flight label, success', async () => {
    const pending = deferred(ok({ ...bioLink, id: 'x', class_id: chem.id }));
    const calls = signedIn({
      'GET /slack/integrations': list({ workspaces: [workspace], integrations: [] }),
      'GET /slack/channels/T0001': ok(channels),
      'POST /slack/integrations/link-class': pending.handler,
    });
    renderApp('/integrations');
    const create = await screen.findByRole('button', { name: 'Create Class-Channel Link' });
    await userEvent.click(create);
    expect(
      await screen.findByText('Please select a class and provide a channel.'),
    ).toBeInTheDocument();

    // class by id, keyboard only
    const classPicker = screen.getByRole('combobox', { name: 'Class' });
    await userEvent.click(classPicker);
    await userEvent.type(classPicker, '2222');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(classPicker).toHaveValue('Chemistry (BIO 101) · Fall 2025');
    await userEvent.click(create);
    expect(screen.getByText('Please select a class and provide a channel.')).toBeInTheDocument();

    const channel = screen.getByRole('combobox', { name: 'Channel' });
    await userEvent.click(channel);
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
    await userEvent.type(channel, 'general{Enter}');
    await userEvent.click(create);
    expect(await screen.findByRole('button', { name: /Creating Link\.\.\./ })).toBeDisabled();
    expect(screen.queryByText('Please select a class and provide a channel.')).toBeNull();
    pending.release();
    expect(await screen.findByText('Chemistry is linked to #general.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/slack/integrations/link-class')?.body).toEqual({
      integration_id: workspace.id,
      class_id: chem.id,
      channel_id: 'C0GEN',
    });
  });

  it('a refused link shows Failed to link class', async () => {
    withWorkspace();
    mockApi({
      'GET /auth/profile': ok({ user: makeUser() }),
      'GET /classes': ok({ classes: [bio, chem], billing_summary: {} }),
      'GET /slack/integrations': list({ workspaces: [workspace], integrations: [] }),
      'GET /slack/channels/T0001': ok(channels),
      'POST /slack/integrations/link-class': {
        status: 404,
        body: { success: false, detail: 'Channel not found in this workspace' },
      },
    });
    renderApp('/integrations');
    const classPicker = await screen.findByRole('combobox', { name: 'Class' });
    await userEvent.type(classPicker, 'bio{Enter}');
    const channel = screen.getByRole('combobox', { name: 'Channel' });
    await userEvent.click(channel);
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
    await userEvent.type(channel, 'general{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Create Class-Channel Link' }));
    expect(await screen.findByText('Failed to link class')).toBeInTheDocument();
    expect(screen.getByText('Channel not found in this workspace')).toBeInTheDocument();
  });

  it('channels that fail to load say Failed to load data', async () => {
    signedIn({
      'GET /slack/integrations': list({ workspaces: [workspace] }),
      'GET /slack/channels/T0001': { status: 502, body: { success: false, detail: 'slack down' } },
    });
    renderApp('/integrations');
    expect(await screen.findByText('Failed to load data: slack down')).toBeInTheDocument();
  });

  it('Unlink asks first, then removes the link; focus returns', async () => {
    let links = [bioLink];
    const calls = signedIn({
      'GET /slack/integrations': () => list({ workspaces: [workspace], integrations: links }),
      'GET /slack/channels/T0001': ok(channels),
      [`DELETE /slack/integrations/${bioLink.id}`]: () => {
        links = [];
        return ok(null);
      },
    });
    renderApp('/integrations');
    const unlink = await screen.findByRole('button', { name: 'Unlink Biology 101 from #bio-101' });
    await userEvent.click(unlink);
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to unlink the class from the channel?'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(unlink).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(unlink);
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/No class is linked to a channel yet/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Active class-channel links' })).toHaveFocus(),
    );
  });

  it('Unlink failure and in-flight label', async () => {
    const pending = deferred({ status: 500, body: { success: false, detail: 'nope' } });
    signedIn({
      'GET /slack/integrations': list({ workspaces: [workspace], integrations: [bioLink] }),
      'GET /slack/channels/T0001': ok(channels),
      [`DELETE /slack/integrations/${bioLink.id}`]: pending.handler,
    });
    renderApp('/integrations');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Unlink Biology 101 from #bio-101' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await within(dialog).findByRole('button', { name: 'Unlinking...' })).toBeDisabled();
    pending.release();
    expect(await within(dialog).findByText('Failed to unlink integration')).toBeInTheDocument();
  });

  it('Add User validates the e-mail, then authorizes; Remove asks first', async () => {
    let users = [grace];
    const calls = signedIn({
      'GET /slack/integrations': () =>
        list({
          workspaces: [workspace],
          integrations: [{ ...bioLink, slack_authorized_users: users }],
        }),
      'GET /slack/channels/T0001': ok(channels),
      [`POST /slack/integrations/${bioLink.id}/users`]: () => {
        users = [
          grace,
          {
            ...grace,
            id: '77777777-7777-4777-8777-777777777777',
            email: 'new@example.edu',
            teacher_id: null,
            teachers: null,
          },
        ];
        return ok(null);
      },
      [`DELETE /slack/integrations/${bioLink.id}/users/${grace.id}`]: () => {
        users = users.filter((u) => u.id !== grace.id);
        return ok(null);
      },
    });
    renderApp('/integrations');
    const email = await screen.findByLabelText('Add a user by e-mail');
    const addUser = screen.getByRole('button', { name: 'Add User' });
    await userEvent.click(addUser);
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(email, ' New@Example.edu ');
    await userEvent.click(addUser);
    expect(await screen.findByText('new@example.edu')).toBeInTheDocument();
    expect(screen.getByText('No account yet')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@example.edu' });
    expect(email).toHaveValue('');

    const remove = screen.getByRole('button', { name: 'Remove Grace Hopper' });
    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Remove Grace Hopper from this integration?'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('authorize and remove failures use SPEC texts', async () => {
    signedIn({
      'GET /slack/integrations': list({ workspaces: [workspace], integrations: [bioLink] }),
      'GET /slack/channels/T0001': ok(channels),
      [`POST /slack/integrations/${bioLink.id}/users`]: {
        status: 500,
        body: { success: false, detail: 'x' },
      },
      [`DELETE /slack/integrations/${bioLink.id}/users/${grace.id}`]: {
        status: 500,
        body: { success: false, detail: 'y' },
      },
    });
    renderApp('/integrations');
    await userEvent.type(await screen.findByLabelText('Add a user by e-mail'), 'a@b.edu');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Failed to authorize user')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Failed to remove user')).toBeInTheDocument();
  });
});
