import { SLACK_MESSAGES } from '@app/contracts';

/** SPEC §5 and §8 Integrations, word for word where SPEC quotes them. */
export const INTEGRATION_TEXT = {
  loadIntegrations: (msg: string) => `Failed to load integrations: ${msg}`,
  loadClasses: (msg: string) => `Failed to load classes: ${msg}`,
  loadData: (msg: string) => `Failed to load data: ${msg}`,
  authUrl: 'Failed to get authorization URL for the team-chat service.',
  notConfigured: SLACK_MESSAGES.notConfigured,
  /** the server has no team-chat app: said to a teacher, who cannot change it (README for the operator) */
  noSlackApp: "Your administrator hasn't set up Slack for this server yet.",
  link: 'Failed to link class',
  unlink: 'Failed to unlink integration',
  authorize: 'Failed to authorize user',
  remove: 'Failed to remove user',
  linkMissing: SLACK_MESSAGES.linkMissing,
  invalidEmail: SLACK_MESSAGES.invalidEmail,
  removeUser: (name: string) => `Remove ${name} from this integration?`,
  unlinkQuestion: 'Are you sure you want to unlink the class from the channel?',
  /** SPEC §8: the error of the query parameter, carried in a connection-failed message */
  connectionFailed: (error: string) => `Team-chat connection failed: ${error}`,
  /** SPEC §8: a check mark (the banner's icon) followed by this */
  connected: 'Team-chat connection successful! You can now link classes to channels below.',
} as const;

/** SPEC §2: the banner goes after 5 s. */
export const SUCCESS_BANNER_MS = 5000;
