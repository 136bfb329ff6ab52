import type { FastifyBaseLogger } from 'fastify';
import {
  SLACK_MESSAGES,
  type SlackChannel,
  type SlackIntegration,
  type SlackIntegrationsList,
} from '@app/contracts';
import { AppError, conflict, invalidInput, notFound } from '../../errors.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import { SLACK_BOT_SCOPES } from './manifest.ts';
import type { OAuthStateSigner } from './oauth-state.ts';
import { type SlackApi, SlackApiError } from './slack-api.ts';
import type { SlackRepository } from './slack.repository.ts';
import type { TokenCipher } from './token-cipher.ts';

/** What the install needs when the server has a Slack app (SLACK_* set). */
export type SlackApp = {
  clientId: string;
  /** SLACK_SIGNING_SECRET: Slack signs the events and commands it sends with it */
  signingSecret: string;
  oauthUrl: string;
  api: SlackApi;
  cipher: TokenCipher;
};

type SlackServiceDeps = {
  repo: SlackRepository;
  classes: ClassesService;
  states: OAuthStateSigner;
  /** undefined: the server has no Slack app configured */
  app: SlackApp | undefined;
  publicUrl: string;
  log: FastifyBaseLogger;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const INSTALL_MESSAGES = {
  badState: 'The installation link is invalid, expired or already used. Please try again.',
  cancelled: (error: string) => `The installation was not authorized (${error}).`,
  slackFailed: (error: string) => `The team-chat service refused the installation (${error}).`,
} as const;

const slackRefused = (error: SlackApiError) =>
  new AppError(
    'INTEGRATION_ERROR',
    `The team-chat service refused the request (${error.slackError}).`,
  );

/** The team-chat (Slack) integration: install, workspaces, class-channel links and their users. */
export class SlackService {
  constructor(private readonly deps: SlackServiceDeps) {}

  get configured(): boolean {
    return this.deps.app !== undefined;
  }

  get redirectUri(): string {
    return `${this.deps.publicUrl}/api/slack/oauth/callback`;
  }

  private requireApp(): SlackApp {
    if (!this.deps.app)
      throw new AppError('INTEGRATION_NOT_CONFIGURED', SLACK_MESSAGES.notConfigured);
    return this.deps.app;
  }

  /** Slack's authorize page with a state naming this teacher (signed, 10 minutes, single use). */
  authUrl(teacherId: string): string {
    const app = this.requireApp();
    const url = new URL(app.oauthUrl);
    url.searchParams.set('client_id', app.clientId);
    url.searchParams.set('scope', SLACK_BOT_SCOPES.join(','));
    url.searchParams.set('redirect_uri', this.redirectUri);
    url.searchParams.set('state', this.deps.states.sign(teacherId));
    return url.toString();
  }

  /**
   * Slack's redirect back: checks the state, exchanges the code and stores the workspace (the same
   * team again for the same teacher gets the new token). Resolves to the failure's message, if any.
   */
  async completeInstall(query: {
    code?: string;
    state?: string;
    error?: string;
  }): Promise<{ error?: string }> {
    if (!this.deps.app) return { error: SLACK_MESSAGES.notConfigured };
    const app = this.deps.app;
    const state = query.state ? this.deps.states.verify(query.state) : undefined;
    if (!state) return { error: INSTALL_MESSAGES.badState };
    // used whatever follows: a state never serves twice
    if (!(await this.deps.repo.teacherExists(state.teacherId)))
      return { error: INSTALL_MESSAGES.badState };
    if (!(await this.deps.repo.useState(state.id, state.teacherId, state.expiresAt)))
      return { error: INSTALL_MESSAGES.badState };
    if (query.error) return { error: INSTALL_MESSAGES.cancelled(query.error) };
    if (!query.code) return { error: INSTALL_MESSAGES.badState };
    try {
      const install = await app.api.exchangeCode(query.code, this.redirectUri);
      await this.deps.repo.upsertWorkspace(state.teacherId, {
        slackTeamId: install.teamId,
        teamName: install.teamName,
        botUserId: install.botUserId,
        botTokenEncrypted: app.cipher.encrypt(install.botToken, install.teamId),
        scopes: install.scopes,
        installerUserId: install.installerUserId,
      });
      this.deps.log.info(
        { teacherId: state.teacherId, team: install.teamId },
        'slack workspace installed',
      );
      return {};
    } catch (error) {
      if (error instanceof SlackApiError)
        return { error: INSTALL_MESSAGES.slackFailed(error.slackError) };
      throw error;
    }
  }

  async list(teacherId: string): Promise<SlackIntegrationsList> {
    const [workspaces, integrations] = await Promise.all([
      this.deps.repo.listWorkspaces(teacherId),
      this.integrations(teacherId),
    ]);
    return {
      configured: this.configured,
      integrations,
      workspaces: workspaces.map((w) => ({
        id: w.id,
        slack_team_id: w.slack_team_id,
        team_name: w.team_name,
        connected: Boolean(w.connected),
        active_integrations: Number(w.active_integrations ?? 0),
        created_at: w.created_at.toISOString(),
      })),
    };
  }

  private async integrations(teacherId: string, id?: string): Promise<SlackIntegration[]> {
    const rows = await this.deps.repo.listIntegrations(teacherId, id);
    const users = await this.deps.repo.listAuthorizedUsers(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      workspace_id: r.workspace_id,
      slack_team_id: r.slack_team_id,
      class_id: r.class_id,
      slack_channel_id: r.slack_channel_id,
      slack_channel_name: r.slack_channel_name,
      is_active: r.is_active,
      created_at: r.created_at.toISOString(),
      classes: {
        class_name: r.class_name,
        course_code: r.course_code,
        semester: r.semester,
        year: r.year,
      },
      slack_authorized_users: users
        .filter((u) => u.integration_id === r.id)
        .map((u) => ({
          id: u.id,
          email: u.email,
          teacher_id: u.teacher_id,
          teachers:
            u.teacher_id !== null
              ? { first_name: u.first_name!, last_name: u.last_name!, email: u.teacher_email! }
              : null,
          created_at: u.created_at.toISOString(),
        })),
    }));
  }

  private async integration(teacherId: string, id: string): Promise<SlackIntegration> {
    const [found] = await this.integrations(teacherId, id);
    if (!found) throw notFound('Integration');
    return found;
  }

  /** One of the teacher's workspaces with its bot token (by id or Slack team id). */
  private async connectedWorkspace(teacherId: string, idOrTeamId: string) {
    const app = this.requireApp();
    const workspace = await this.deps.repo.findWorkspace(teacherId, idOrTeamId);
    if (!workspace) throw notFound('Workspace');
    const token = workspace.bot_token_encrypted
      ? app.cipher.decrypt(workspace.bot_token_encrypted, workspace.slack_team_id)
      : undefined;
    if (!token)
      throw conflict(
        'This workspace is disconnected. Please connect it again to the team-chat service.',
      );
    return { workspace, token, api: app.api };
  }

  async channels(teacherId: string, teamId: string): Promise<SlackChannel[]> {
    const { token, api } = await this.connectedWorkspace(teacherId, teamId);
    return slackCall(() => api.listChannels(token));
  }

  async teamName(teacherId: string, teamId: string): Promise<{ name: string }> {
    const { workspace, token, api } = await this.connectedWorkspace(teacherId, teamId);
    const name = await slackCall(() => api.teamName(token)).catch((error: unknown) => {
      // the stored name still answers when Slack cannot
      this.deps.log.warn({ err: error, team: workspace.slack_team_id }, 'slack team.info failed');
      return workspace.team_name;
    });
    return { name };
  }

  /**
   * Links one of the teacher's classes to a channel of one of their workspaces (the one named, or
   * the only one). The channel must exist there; the bot says hello when it is a member.
   */
  async linkClass(
    teacherId: string,
    input: { integration_id: string | null; class_id: string; channel_id: string },
  ): Promise<SlackIntegration> {
    this.requireApp();
    let workspaceRef = input.integration_id;
    if (!workspaceRef) {
      const all = await this.deps.repo.listWorkspaces(teacherId);
      if (all.length === 0) throw notFound('Workspace');
      if (all.length > 1) throw invalidInput(SLACK_MESSAGES.workspaceRequired);
      workspaceRef = all[0]!.id;
    }
    const { workspace, token, api } = await this.connectedWorkspace(teacherId, workspaceRef);
    if (!UUID.test(input.class_id)) throw notFound('Class');
    const cls = await this.deps.classes.requireOwned(teacherId, input.class_id);
    const channelId = input.channel_id.replace(/^#/, '');
    const channel = await slackCall(() => api.channelInfo(token, channelId));
    if (!channel) throw new AppError('NOT_FOUND', SLACK_MESSAGES.channelNotFound);
    const id = await this.linkChannel(workspace, cls.id, channel);
    if (channel.is_member) {
      await api
        .postMessage(
          token,
          channel.id,
          `:wave: This channel is now linked to *${cls.class_name}*. Files and messages shared here by the teacher and authorized members become course material, and you can mention me to ask about the course.`,
        )
        .catch((error: unknown) =>
          this.deps.log.warn({ err: error, channel: channel.id }, 'slack welcome not posted'),
        );
    }
    return this.integration(teacherId, id);
  }

  /**
   * `/link-class` typed in a channel: links one of the teacher's classes to that channel of the
   * teacher's own workspace for `teamId`. Slack named the channel, so it is not looked up again
   * (the command answers within 3 s); the command's reply stands for the welcome.
   */
  async linkChannelFromSlack(
    teacherId: string,
    teamId: string,
    classId: string,
    channel: { id: string; name: string | null },
  ): Promise<SlackIntegration> {
    const { workspace } = await this.connectedWorkspace(teacherId, teamId);
    if (!UUID.test(classId)) throw notFound('Class');
    const cls = await this.deps.classes.requireOwned(teacherId, classId);
    const id = await this.linkChannel(workspace, cls.id, channel);
    return this.integration(teacherId, id);
  }

  /**
   * A channel belongs to one class at a time: the teacher's own link of it moves to
   * this class; a channel another teacher's class holds is refused (409), naming neither.
   */
  private async linkChannel(
    workspace: { id: string; slack_team_id: string },
    classId: string,
    channel: { id: string; name: string | null },
  ): Promise<string> {
    const id = await this.deps.repo.linkChannel(
      { id: workspace.id, slackTeamId: workspace.slack_team_id },
      classId,
      channel.id,
      channel.name,
    );
    if (!id) throw conflict(SLACK_MESSAGES.channelTaken);
    return id;
  }

  async unlink(teacherId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.deleteIntegration(teacherId, id))) throw notFound('Integration');
  }

  async addUser(teacherId: string, integrationId: string, email: string) {
    await this.integration(teacherId, integrationId);
    const id = await this.deps.repo.addAuthorizedUser(integrationId, email.toLowerCase());
    const updated = await this.integration(teacherId, integrationId);
    return updated.slack_authorized_users.find((u) => u.id === id)!;
  }

  async removeUser(teacherId: string, integrationId: string, userId: string): Promise<void> {
    await this.integration(teacherId, integrationId);
    if (!(await this.deps.repo.removeAuthorizedUser(teacherId, integrationId, userId)))
      throw new AppError('NOT_FOUND', SLACK_MESSAGES.userNotFound);
  }

  pruneExpiredStates(now = new Date()) {
    return this.deps.repo.pruneExpiredStates(now);
  }
}

async function slackCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof SlackApiError) throw slackRefused(error);
    throw error;
  }
}
