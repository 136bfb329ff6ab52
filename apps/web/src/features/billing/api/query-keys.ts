export const billingKeys = {
  all: ['billing'] as const,
  usage: ['billing', 'usage'] as const,
  subscription: ['billing', 'subscription'] as const,
  history: (page: number) => ['billing', 'history', page] as const,
  addon: (classCount: number) => ['billing', 'addon', classCount] as const,
};
