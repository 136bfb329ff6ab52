import { z } from './zod.ts';

/**
 * The team-chat (Slack) integration: SPEC §3 Workspace integration and Channel, §5 Team-chat link,
 * §7 Team chat, §8 Integrations.
 */
export const SLACK_MESSAGES = {
  /** SPEC §8: GET /slack/auth-url when the server has no Slack app configured */
  notConfigured: 'Configuration of the team-chat service is missing. Please contact support.',
  /** SPEC §5: a class and a channel are both required */
  linkMissing: 'Please select a class and provide a channel.',
  /** SPEC §5: adding an authorized user */
  invalidEmail: 'Please enter a valid email address.',
  workspaceNotFound: 'Workspace not found',
  integrationNotFound: 'Integration not found',
  userNotFound: 'Authorized user not found',
  channelNotFound: 'Channel not found in this workspace',
  /** several workspaces connected and none chosen */
  workspaceRequired: 'Please choose the workspace of the channel.',
  /** the channel is linked to a class of another teacher who installed the app there */
  channelTaken:
    "This channel is already linked to another teacher's class. That teacher must unlink it first.",
} as const;

/** GET /slack/auth-url: where the browser goes to install the app (a full-page redirect). */
export const slackAuthUrlSchema = z.object({ auth_url: z.string().url() });
export type SlackAuthUrl = z.infer<typeof slackAuthUrlSchema>;

/** SPEC §3 Channel, from `conversations.list` (public and private). */
export const slackChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_private: z.boolean(),
  num_members: z.number().int(),
  /** false: the page shows 'Add bot first' */
  is_member: z.boolean(),
});
export type SlackChannel = z.infer<typeof slackChannelSchema>;
export const slackChannelListSchema = z.array(slackChannelSchema);

/** GET /slack/team/{teamId} */
export const slackTeamSchema = z.object({ name: z.string() });
export type SlackTeam = z.infer<typeof slackTeamSchema>;

/**
 * One authorized workspace member of an integration. `email` is what the teacher typed (lower
 * case); `teacher_id` and `teachers` are the account with that e-mail, or null when there is none
 * (yet: an account created later with that e-mail is matched from then on).
 */
export const slackAuthorizedUserSchema = z.object({
  /** the authorization's own id; DELETE /slack/integrations/{id}/users/{userId} takes it or teacher_id */
  id: z.string().uuid(),
  email: z.string(),
  teacher_id: z.string().uuid().nullable(),
  teachers: z
    .object({ first_name: z.string(), last_name: z.string(), email: z.string() })
    .nullable(),
  created_at: z.string(),
});
export type SlackAuthorizedUser = z.infer<typeof slackAuthorizedUserSchema>;

/** SPEC §3 Workspace integration: one class linked to one channel of a connected workspace. */
export const slackIntegrationSchema = z.object({
  id: z.string().uuid(),
  /** the connected workspace (slackWorkspaceSchema.id) */
  workspace_id: z.string().uuid(),
  slack_team_id: z.string(),
  class_id: z.string().uuid(),
  slack_channel_id: z.string(),
  slack_channel_name: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  /** the linked class, named with its code and term (classChoiceName) */
  classes: z.object({
    class_name: z.string(),
    course_code: z.string().nullable(),
    semester: z.string().nullable(),
    year: z.number().int().nullable(),
  }),
  slack_authorized_users: z.array(slackAuthorizedUserSchema),
});
export type SlackIntegration = z.infer<typeof slackIntegrationSchema>;

/** A workspace the teacher connected (SPEC §2: name, team id, Connected badge, active links). */
export const slackWorkspaceSchema = z.object({
  id: z.string().uuid(),
  slack_team_id: z.string(),
  team_name: z.string(),
  /** false once Slack revoked the token or the app was uninstalled: reinstall to reconnect */
  connected: z.boolean(),
  active_integrations: z.number().int(),
  created_at: z.string(),
});
export type SlackWorkspace = z.infer<typeof slackWorkspaceSchema>;

/** GET /slack/integrations */
export const slackIntegrationsListSchema = z.object({
  integrations: z.array(slackIntegrationSchema),
  workspaces: z.array(slackWorkspaceSchema),
  /** false: the server has no Slack app; the page shows the manual setup (manifest) instead */
  configured: z.boolean(),
});
export type SlackIntegrationsList = z.infer<typeof slackIntegrationsListSchema>;

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(255, message);

/**
 * POST /slack/integrations/link-class. `integration_id` names the workspace (its id or its Slack
 * team id); it may be left out when the teacher has connected exactly one workspace.
 */
export const slackLinkClassSchema = z.object({
  integration_id: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((v) => (v ? v : null)),
  class_id: required(SLACK_MESSAGES.linkMissing),
  channel_id: required(SLACK_MESSAGES.linkMissing),
});
export type SlackLinkClassInput = z.input<typeof slackLinkClassSchema>;

/** POST /slack/integrations/{id}/users */
export const slackAddUserSchema = z.object({
  email: z
    .string({ error: SLACK_MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .max(254, SLACK_MESSAGES.invalidEmail)
    .email(SLACK_MESSAGES.invalidEmail),
});
export type SlackAddUserInput = z.input<typeof slackAddUserSchema>;
