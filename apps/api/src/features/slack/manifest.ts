/** The bot scopes the app asks for (the fewest SPEC §2 Integrations needs). */
export const SLACK_BOT_SCOPES = [
  'channels:read',
  'groups:read',
  'channels:history',
  'groups:history',
  'files:read',
  'chat:write',
  'reactions:write',
  'commands',
  'users:read',
  'users:read.email',
  'app_mentions:read',
  'team:read',
] as const;

/** A shared file arrives as a `message` (subtype file_share) in the channels it was shared to. */
export const SLACK_BOT_EVENTS = [
  'app_mention',
  'message.channels',
  'message.groups',
  'app_uninstalled',
  'tokens_revoked',
] as const;

/**
 * The Slack app manifest (https://api.slack.com/reference/manifests) the person running the server
 * pastes into "Create New App → From an app manifest": every URL is built from PUBLIC_URL.
 */
export function slackManifest(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    display_information: {
      name: 'Syllabot',
      description: 'Course-grounded AI teaching assistant for your class channels',
      background_color: '#1e3a8a',
    },
    features: {
      bot_user: { display_name: 'Syllabot', always_online: true },
      slash_commands: [
        {
          command: '/link-class',
          url: `${base}/api/slack/commands`,
          description: 'Link one of your classes to this channel',
          usage_hint: '[class name or id]',
          should_escape: false,
        },
      ],
    },
    oauth_config: {
      redirect_urls: [`${base}/api/slack/oauth/callback`],
      scopes: { bot: [...SLACK_BOT_SCOPES] },
    },
    settings: {
      event_subscriptions: {
        request_url: `${base}/api/slack/events`,
        bot_events: [...SLACK_BOT_EVENTS],
      },
      interactivity: { is_enabled: false },
      org_deploy_enabled: false,
      socket_mode_enabled: false,
      token_rotation_enabled: false,
    },
  };
}
