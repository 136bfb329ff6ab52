import type { ConversationFilter } from '@app/contracts';

/** TanStack Query keys of the teacher's conversation screens; `all` invalidates every one. */
export const conversationKeys = {
  all: ['conversations'] as const,
  lists: (classId: string) => ['conversations', 'list', classId] as const,
  list: (classId: string, page: number, search: string, filter: ConversationFilter) =>
    ['conversations', 'list', classId, { page, search, filter }] as const,
  detail: (conversationId: string) => ['conversations', 'detail', conversationId] as const,
  requests: ['conversations', 'email-requests'] as const,
  classRequests: (classId: string) => ['conversations', 'email-requests', classId] as const,
  allUnanswered: ['conversations', 'unanswered'] as const,
  unanswered: (classId: string) => ['conversations', 'unanswered', classId] as const,
};
