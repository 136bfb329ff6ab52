import { vi } from 'vitest';
import type {
  ClassItem,
  ConversationDetail,
  ConversationSummary,
  EmailRequest,
  UnansweredGroup,
} from '@app/contracts';
import { makeUsage } from '@/test/billing-fixtures';
import { makeUser, mockApi, seedSession, type Reply } from '@/test/fetch-mock';

let seq = 0;
const id = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

export const ok = (data: unknown): Reply => ({ body: { success: true, data } });

export function makeConversation(
  overrides: Partial<ConversationSummary> = {},
): ConversationSummary {
  seq += 1;
  return {
    id: id(seq),
    question: `Question ${seq}?`,
    response_preview: `Answer ${seq}.`,
    kind: 'answer',
    source_type: 'syllabus',
    student_identifier: null,
    created_at: '2025-10-01T12:00:00.000Z',
    tokens_used: 120,
    response_time_ms: 340,
    feedback: null,
    corrected: false,
    ...overrides,
  };
}

export function makeDetail(
  summary: ConversationSummary,
  overrides: Partial<ConversationDetail> = {},
): ConversationDetail {
  return {
    ...summary,
    class_id: id(0),
    response: `${summary.response_preview} The full answer goes on.`,
    citations: [],
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<EmailRequest> = {}): EmailRequest {
  seq += 1;
  return {
    id: id(seq),
    class_id: id(0),
    class_name: 'Cell Biology',
    course_code: 'BIO 101',
    conversation_id: id(seq + 500),
    student_email: `student${seq}@uni.test`,
    conversation_question: 'Can I bring notes to the exam?',
    request_reason: 'The syllabus does not say and I need to know soon.',
    created_at: '2025-10-01T12:00:00.000Z',
    teacher_responded_at: null,
    reply: null,
    replied_at: null,
    answered: false,
    ...overrides,
  };
}

export function makeGroup(overrides: Partial<UnansweredGroup> = {}): UnansweredGroup {
  seq += 1;
  return {
    question: 'Where is the lab?',
    count: 1,
    last_asked_at: '2025-10-01T12:00:00.000Z',
    variants: [],
    conversation_ids: [id(seq + 800)],
    ...overrides,
  };
}

/** The URL of the request being answered (fetch-mock's handlers only see the init). */
function currentUrl(): URL {
  const call = vi.mocked(globalThis.fetch).mock.lastCall;
  return new URL(String(call?.[0]), 'http://localhost');
}

/** Query strings sent to `path` so far. */
export function queriesTo(path: string): URLSearchParams[] {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.map((call) => new URL(String(call[0]), 'http://localhost'))
    .filter((url) => url.pathname === `/api${path}`)
    .map((url) => url.searchParams);
}

/**
 * Serves conversations like the server: `filter` (not_helpful: the student's rating; not_covered:
 * nothing in the material, kind none), every search word in question or answer, 20 a page; a search's matches
 * counted up to `countMax` (or the end of the page asked for), then "at least".
 */
export function conversationServer(conversations: ConversationSummary[], countMax = 1000) {
  return () => {
    const url = currentUrl();
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 20);
    const words = (url.searchParams.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const filter = url.searchParams.get('filter') ?? 'all';
    const found = conversations.filter(
      (c) =>
        (filter === 'all' ||
          (filter === 'not_helpful' && c.feedback === 'not_helpful') ||
          (filter === 'not_covered' && c.kind === 'none')) &&
        words.every((w) => `${c.question} ${c.response_preview}`.toLowerCase().includes(w)),
    );
    const counted =
      words.length || filter !== 'all' ? Math.max(countMax, page * perPage) : found.length;
    const total = Math.min(found.length, counted);
    return {
      body: {
        success: true,
        data: found.slice((page - 1) * perPage, page * perPage),
        total,
        total_is_lower_bound: found.length > total,
        page,
        per_page: perPage,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
      },
    };
  };
}

/** A signed-in teacher with these classes; `routes` add or override API replies. */
export function signedInWith(
  classes: ClassItem[],
  routes: Parameters<typeof mockApi>[0] = {},
  seasonName = 'Fall 2025',
) {
  const user = makeUser();
  seedSession(user);
  return mockApi({
    'GET /auth/profile': ok({ user }),
    'GET /billing/usage': ok(makeUsage({ season_name: seasonName })),
    'GET /classes': ok({ classes, billing_summary: makeUsage({ season_name: seasonName }) }),
    'GET /chat/email-requests': ok({ requests: [], unanswered: 0 }),
    ...routes,
  });
}
