export const slackKeys = {
  all: ['slack'] as const,
  integrations: ['slack', 'integrations'] as const,
  channels: (teamId: string) => ['slack', 'channels', teamId] as const,
};
