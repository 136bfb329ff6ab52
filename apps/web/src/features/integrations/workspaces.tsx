import { CheckCircle2, MessagesSquare, Plug, Plus } from 'lucide-react';
import type { SlackWorkspace } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { hasErrorCode } from '@/lib/api-client';
import { useConnectWorkspace } from './api/get-auth-url';
import { INTEGRATION_TEXT } from './messages';

/** The failure of GET /slack/auth-url as SPEC §8 words it. */
export function connectErrorText(error: unknown) {
  return hasErrorCode(error, 'INTEGRATION_NOT_CONFIGURED')
    ? INTEGRATION_TEXT.notConfigured
    : INTEGRATION_TEXT.authUrl;
}

/** SPEC §2/§4: no workspace → Connect; otherwise each workspace and Connect Another Workspace. */
export function Workspaces({
  workspaces,
  configured = true,
}: {
  workspaces: SlackWorkspace[];
  /** false: the server has no team-chat app, so Connect cannot work: it is disabled, with why */
  configured?: boolean;
}) {
  const connect = useConnectWorkspace();
  const unavailable = configured ? null : (
    <p id="connect-unavailable" className="text-sm text-ink-600">
      {INTEGRATION_TEXT.noSlackApp}
    </p>
  );
  const connectProps = configured
    ? { onClick: () => connect.mutate() }
    : { disabled: true, 'aria-describedby': 'connect-unavailable' };
  // stays busy after success: the browser is leaving for the install page
  const busy = connect.isPending || connect.isSuccess;
  const failure = connect.error ? (
    <Alert variant="danger" className="w-full text-left">
      {connectErrorText(connect.error)}
    </Alert>
  ) : null;

  if (workspaces.length === 0) {
    return (
      <EmptyState
        icon={Plug}
        title="Connect your team-chat workspace"
        description="Link a class to a workspace channel so students can ask questions where they already talk, and let colleagues add course content there."
        action={
          <>
            <Button size="lg" loading={busy} {...connectProps}>
              Connect to the team-chat service
            </Button>
            {unavailable}
            {failure}
          </>
        }
      />
    );
  }

  return (
    <section aria-labelledby="workspaces-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="workspaces-heading" className="text-lg font-semibold text-ink-900">
          Connected workspaces
        </h2>
        <Button variant="outline" size="sm" loading={busy} {...connectProps}>
          {busy ? null : <Plus aria-hidden="true" />}
          Connect Another Workspace
        </Button>
      </div>
      {unavailable}
      {failure}
      <ul className="grid gap-3 sm:grid-cols-2">
        {workspaces.map((workspace) => (
          <li
            key={workspace.id}
            className="flex items-start gap-3 rounded-xl border border-ink-200 bg-white p-4 shadow-card"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
              <MessagesSquare className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="truncate font-semibold text-ink-900">{workspace.team_name}</h3>
                {workspace.connected ? (
                  <Badge variant="success">
                    <CheckCircle2 aria-hidden="true" />
                    Connected
                  </Badge>
                ) : (
                  <Badge variant="warning">Disconnected: reinstall</Badge>
                )}
              </div>
              <p className="text-xs break-all text-ink-600">Team ID: {workspace.slack_team_id}</p>
              <p className="text-sm text-ink-700">
                {workspace.active_integrations}{' '}
                {workspace.active_integrations === 1 ? 'active integration' : 'active integrations'}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
