import { sql } from 'kysely';
import type { Executor } from '../../db/index.ts';
import { Repository } from '../../db/repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id column compared with a value that may not be a UUID: never a cast error. */
const asUuid = (v: string) => (UUID.test(v) ? v : '00000000-0000-0000-0000-000000000000');

export type WorkspaceValues = {
  slackTeamId: string;
  teamName: string;
  botUserId: string | null;
  botTokenEncrypted: string;
  scopes: string | null;
  installerUserId: string | null;
};

/** All SQL of the team-chat integration. Every read and write is scoped to the owning teacher. */
export class SlackRepository extends Repository {
  /** Records a state as used; false when it already was (single use). */
  async useState(id: string, teacherId: string, expiresAt: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('slack_oauth_states')
      .values({ id, teacher_id: teacherId, expires_at: expiresAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async teacherExists(teacherId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', asUuid(teacherId))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Stores an installation: the same team again for the same teacher replaces its token. */
  async upsertWorkspace(teacherId: string, v: WorkspaceValues): Promise<string> {
    const row = await this.db
      .insertInto('slack_workspaces')
      .values({
        teacher_id: teacherId,
        slack_team_id: v.slackTeamId,
        team_name: v.teamName,
        bot_user_id: v.botUserId,
        bot_token_encrypted: v.botTokenEncrypted,
        scopes: v.scopes,
        installed_by_slack_user_id: v.installerUserId,
      })
      .onConflict((oc) =>
        oc.columns(['teacher_id', 'slack_team_id']).doUpdateSet({
          team_name: v.teamName,
          bot_user_id: v.botUserId,
          bot_token_encrypted: v.botTokenEncrypted,
          scopes: v.scopes,
          installed_by_slack_user_id: v.installerUserId,
          updated_at: sql<Date>`now()`,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The teacher's workspaces with their count of active class-channel links. */
  listWorkspaces(teacherId: string) {
    return this.db
      .selectFrom('slack_workspaces as w')
      .select([
        'w.id',
        'w.slack_team_id',
        'w.team_name',
        'w.created_at',
        sql<boolean>`w.bot_token_encrypted IS NOT NULL`.as('connected'),
        (eb) =>
          eb
            .selectFrom('slack_integrations as i')
            .select(sql<string>`count(*)`.as('n'))
            .whereRef('i.workspace_id', '=', 'w.id')
            .where('i.is_active', '=', true)
            .as('active_integrations'),
      ])
      .where('w.teacher_id', '=', teacherId)
      .orderBy('w.created_at')
      .execute();
  }

  /** One of the teacher's workspaces, by its id or its Slack team id. */
  findWorkspace(teacherId: string, idOrTeamId: string) {
    return this.db
      .selectFrom('slack_workspaces')
      .selectAll()
      .where('teacher_id', '=', teacherId)
      .where((eb) =>
        eb.or([eb('id', '=', asUuid(idOrTeamId)), eb('slack_team_id', '=', idOrTeamId)]),
      )
      .orderBy('created_at')
      .executeTakeFirst();
  }

  /** The teacher's class-channel links (SPEC §3 Workspace integration, without the users). */
  listIntegrations(teacherId: string, integrationId?: string, ex: Executor = this.db) {
    let q = ex
      .selectFrom('slack_integrations as i')
      .innerJoin('slack_workspaces as w', 'w.id', 'i.workspace_id')
      .innerJoin('classes as c', 'c.id', 'i.class_id')
      .select([
        'i.id',
        'i.workspace_id',
        'w.slack_team_id',
        'i.class_id',
        'i.slack_channel_id',
        'i.slack_channel_name',
        'i.is_active',
        'i.created_at',
        'c.class_name',
        'c.course_code',
        'c.semester',
        'c.year',
      ])
      .where('w.teacher_id', '=', teacherId)
      // a class moved to another teacher (never today) would not show through this link
      .where('c.teacher_id', '=', teacherId);
    if (integrationId !== undefined) q = q.where('i.id', '=', asUuid(integrationId));
    return q.orderBy('i.created_at').execute();
  }

  /** The authorized users of these integrations, each with the account holding that e-mail. */
  listAuthorizedUsers(integrationIds: string[]) {
    if (integrationIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('slack_authorized_users as a')
      .leftJoin('users as u', (join) => join.on(sql`lower(u.email)`, '=', sql.ref('a.email')))
      .select([
        'a.id',
        'a.integration_id',
        'a.email',
        'a.created_at',
        'u.id as teacher_id',
        'u.first_name',
        'u.last_name',
        'u.email as teacher_email',
      ])
      .where('a.integration_id', 'in', integrationIds)
      .orderBy('a.created_at')
      .execute();
  }

  /**
   * Links a channel of the workspace's team to a class, in one statement: a channel linked by the
   * same workspace (the same teacher) moves to this class; a channel another teacher's workspace
   * holds is left alone and the answer is undefined. The unique key on (team, channel) makes
   * concurrent links of one channel wait for each other, so only one of them can hold it.
   */
  async linkChannel(
    workspace: { id: string; slackTeamId: string },
    classId: string,
    channelId: string,
    channelName: string | null,
  ): Promise<string | undefined> {
    const row = await this.db
      .insertInto('slack_integrations')
      .values({
        workspace_id: workspace.id,
        slack_team_id: workspace.slackTeamId,
        class_id: classId,
        slack_channel_id: channelId,
        slack_channel_name: channelName,
      })
      .onConflict((oc) =>
        oc
          .columns(['slack_team_id', 'slack_channel_id'])
          .doUpdateSet({
            class_id: classId,
            slack_channel_name: channelName,
            is_active: true,
            updated_at: sql<Date>`now()`,
          })
          .where('slack_integrations.workspace_id', '=', workspace.id),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async deleteIntegration(teacherId: string, id: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('slack_integrations')
      .where('id', '=', asUuid(id))
      .where('workspace_id', 'in', (eb) =>
        eb.selectFrom('slack_workspaces').select('id').where('teacher_id', '=', teacherId),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Authorizes an e-mail on an integration (already there: kept). Returns the authorization's id. */
  async addAuthorizedUser(integrationId: string, email: string): Promise<string> {
    await this.db
      .insertInto('slack_authorized_users')
      .values({ integration_id: integrationId, email })
      .onConflict((oc) => oc.columns(['integration_id', 'email']).doNothing())
      .execute();
    const row = await this.db
      .selectFrom('slack_authorized_users')
      .select('id')
      .where('integration_id', '=', integrationId)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Removes an authorized user of one of the teacher's integrations, named by the authorization's
   * id or by the teacher id of the account holding its e-mail.
   */
  async removeAuthorizedUser(
    teacherId: string,
    integrationId: string,
    userId: string,
  ): Promise<boolean> {
    const id = asUuid(userId);
    const res = await this.db
      .deleteFrom('slack_authorized_users as a')
      .where('a.integration_id', '=', asUuid(integrationId))
      .where('a.integration_id', 'in', (eb) =>
        eb
          .selectFrom('slack_integrations as i')
          .innerJoin('slack_workspaces as w', 'w.id', 'i.workspace_id')
          .select('i.id')
          .where('w.teacher_id', '=', teacherId),
      )
      .where((eb) =>
        eb.or([
          eb('a.id', '=', id),
          eb(
            'a.email',
            'in',
            eb
              .selectFrom('users as u')
              .select(sql<string>`lower(u.email)`.as('email'))
              .where('u.id', '=', id),
          ),
        ]),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /**
   * Records a Slack event delivery; false when its id was already recorded (a retry). Pass the
   * transaction that sends its job, so the two commit together.
   */
  async recordEvent(
    event: { eventId: string; teamId: string; type: string },
    ex: Executor = this.db,
  ): Promise<boolean> {
    const row = await ex
      .insertInto('slack_events')
      .values({ event_id: event.eventId, team_id: event.teamId, type: event.type })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async pruneEvents(before: Date): Promise<number> {
    const res = await this.db
      .deleteFrom('slack_events')
      .where('received_at', '<', before)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /**
   * Slack took the app's token away from a team (uninstalled, or tokens revoked): every teacher's
   * workspace row of that team loses its token and its class-channel links go inactive.
   * Returns how many workspace rows were connected.
   */
  disconnectTeam(teamId: string): Promise<number> {
    return this.transaction(async (trx) => {
      const rows = await trx
        .updateTable('slack_workspaces')
        .set({ bot_token_encrypted: null, updated_at: sql<Date>`now()` })
        .where('slack_team_id', '=', teamId)
        .where('bot_token_encrypted', 'is not', null)
        .returning('id')
        .execute();
      await trx
        .updateTable('slack_integrations')
        .set({ is_active: false, updated_at: sql<Date>`now()` })
        .where('is_active', '=', true)
        .where('workspace_id', 'in', (eb) =>
          eb.selectFrom('slack_workspaces').select('id').where('slack_team_id', '=', teamId),
        )
        .execute();
      return rows.length;
    });
  }

  /** The connected workspace rows of a Slack team (any teacher's), most recently installed first. */
  connectedWorkspacesOfTeam(teamId: string) {
    return this.db
      .selectFrom('slack_workspaces')
      .select(['id', 'teacher_id', 'slack_team_id', 'bot_token_encrypted'])
      .where('slack_team_id', '=', teamId)
      .where('bot_token_encrypted', 'is not', null)
      .orderBy('updated_at', 'desc')
      .execute();
  }

  /**
   * The class a channel of a Slack team is linked to (an active link of a connected workspace),
   * with that workspace's bot. A channel has at most one link in its team (migration 028), so
   * this is that link or none: never a choice among several.
   */
  linkedClassOfChannel(teamId: string, channelId: string) {
    return this.db
      .selectFrom('slack_integrations as i')
      .innerJoin('slack_workspaces as w', (join) =>
        join.onRef('w.id', '=', 'i.workspace_id').onRef('w.slack_team_id', '=', 'i.slack_team_id'),
      )
      .innerJoin('classes as c', (join) =>
        join.onRef('c.id', '=', 'i.class_id').onRef('c.teacher_id', '=', 'w.teacher_id'),
      )
      .select([
        'i.id as integration_id',
        'i.slack_channel_name',
        'c.id as class_id',
        'c.teacher_id',
        'c.class_name',
        'c.is_active',
        'w.slack_team_id',
        'w.bot_user_id',
        'w.bot_token_encrypted',
      ])
      .where('i.slack_team_id', '=', teamId)
      .where('i.slack_channel_id', '=', channelId)
      .where('i.is_active', '=', true)
      .where('w.bot_token_encrypted', 'is not', null)
      .executeTakeFirst();
  }

  /**
   * Whether the member with this e-mail may add material to the link's class: the class's own
   * teacher, or a member the teacher authorized for this link.
   */
  async mayShareMaterial(integrationId: string, teacherId: string, email: string) {
    const row = await this.db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.id', '=', teacherId)
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(u.email)`, '=', email.toLowerCase()),
          eb.exists(
            eb
              .selectFrom('slack_authorized_users as a')
              .select('a.id')
              .where('a.integration_id', '=', integrationId)
              .where('a.email', '=', email.toLowerCase()),
          ),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records which Slack message (and file) an item was made from, in the item's transaction. */
  async recordContentOrigin(
    origin: {
      contentId: string;
      teamId: string;
      channelId: string;
      channelName: string | null;
      messageTs: string;
      fileId: string;
      userId: string;
    },
    ex: Executor,
  ): Promise<void> {
    await ex
      .insertInto('slack_contents')
      .values({
        content_id: origin.contentId,
        slack_team_id: origin.teamId,
        slack_channel_id: origin.channelId,
        slack_channel_name: origin.channelName,
        message_ts: origin.messageTs,
        slack_file_id: origin.fileId,
        slack_user_id: origin.userId,
      })
      .execute();
  }

  /** The items made from a message of a channel ('' file id: its text), with their teacher. */
  contentsOfMessage(teamId: string, channelId: string, messageTs: string) {
    return this.db
      .selectFrom('slack_contents as sc')
      .innerJoin('contents as ct', 'ct.id', 'sc.content_id')
      .innerJoin('classes as c', 'c.id', 'ct.class_id')
      .select(['sc.content_id', 'sc.slack_file_id', 'c.teacher_id'])
      .where('sc.slack_team_id', '=', teamId)
      .where('sc.slack_channel_id', '=', channelId)
      .where('sc.message_ts', '=', messageTs)
      .execute();
  }

  /** The account holding this e-mail (every account is a teacher's), if any. */
  findTeacherByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'first_name'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** Used states past their expiry are of no more use (housekeeping). */
  async pruneExpiredStates(now: Date): Promise<number> {
    const res = await this.db
      .deleteFrom('slack_oauth_states')
      .where('expires_at', '<', now)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
