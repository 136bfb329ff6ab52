import {
  CHECK_MESSAGES,
  CHECKED_STATUSES,
  type AssistantCheck,
  type AssistantCheckItem,
  type AssistantCheckUpdate,
  type TestReply,
} from '@app/contracts';
import type { Reply } from './fetch-mock';

export function makeReply(overrides: Partial<TestReply> = {}): TestReply {
  return {
    response: 'Office hours are Mondays 2-4 pm in Science Hall 204.',
    kind: 'answer',
    source_type: 'syllabus',
    confidence: 0.9,
    citations: [
      {
        content_id: 'c-1',
        title: 'Course Syllabus',
        content_type: 'syllabus',
        excerpt: 'Office hours: Mondays 2-4 pm, Science Hall 204',
      },
    ],
    checked_by_teacher: false,
    ...overrides,
  };
}

export function makeCheckItem(overrides: Partial<AssistantCheckItem> = {}): AssistantCheckItem {
  return {
    id: 'office_hours',
    question: 'When are the office hours?',
    standard: true,
    reply: makeReply(),
    status: 'unchecked',
    answer: null,
    checked_at: null,
    ...overrides,
  };
}

export const checkedCount = (items: AssistantCheckItem[]) =>
  items.filter((i) => i.standard && (CHECKED_STATUSES as readonly string[]).includes(i.status))
    .length;

export function makeCheck(items: AssistantCheckItem[], total = 20): AssistantCheck {
  return { items, checked: checkedCount(items), total };
}

const ok = <T>(data: T, status = 200): Reply => ({ status, body: { success: true, data } });

type Handler = (init: RequestInit) => Reply;

/**
 * The GET, PUT and POST routes of a class's check, applying the server's rules: a confirmed reply
 * becomes the answer (a `none` reply cannot be confirmed), an edited one the teacher's words, a
 * question not covered the not-covered message; undo puts back the reply it had; a question
 * already on the list is refused.
 */
export function checkRoutes(classId: string, initial: AssistantCheckItem[], total = 20) {
  let items = [...initial];
  const base = `/classes/${classId}/assistant-check`;
  const original = new Map(initial.map((item) => [item.id, item]));
  const routes: Record<string, Handler> = {
    [`GET ${base}`]: () => ok(makeCheck(items, total)),
    [`POST ${base}`]: (init) => {
      const { question } = JSON.parse(String(init.body)) as { question: string };
      if (items.some((i) => i.question.toLowerCase() === question.trim().toLowerCase())) {
        return {
          status: 409,
          body: { success: false, detail: CHECK_MESSAGES.alreadyListed, code: 'CONFLICT' },
        };
      }
      const item = makeCheckItem({
        id: `own-${items.length + 1}`,
        question: question.trim(),
        standard: false,
        reply: makeReply({
          kind: 'none',
          response: "The course material doesn't cover that.",
          citations: [],
        }),
      });
      items = [...items, item];
      route(item);
      return ok(item, 201);
    },
  };
  function route(item: AssistantCheckItem) {
    original.set(item.id, item);
    routes[`PUT ${base}/${item.id}`] = (init) => {
      const update = JSON.parse(String(init.body)) as AssistantCheckUpdate;
      const current = items.find((i) => i.id === item.id)!;
      const first = original.get(item.id)!;
      let next: AssistantCheckItem;
      if (update.status === 'confirmed') {
        if (current.reply.kind === 'none') {
          return {
            status: 422,
            body: {
              success: false,
              detail: CHECK_MESSAGES.nothingToConfirm,
              code: 'VALIDATION_ERROR',
            },
          };
        }
        next = {
          ...current,
          status: 'confirmed',
          answer: current.reply.response,
          reply: { ...current.reply, checked_by_teacher: true },
        };
      } else if (update.status === 'edited') {
        next = {
          ...current,
          status: 'edited',
          answer: update.answer ?? '',
          reply: makeReply({
            response: update.answer ?? '',
            citations: [],
            source_type: 'other',
            checked_by_teacher: true,
          }),
        };
      } else if (update.status === 'not_covered') {
        next = {
          ...current,
          status: 'not_covered',
          answer: null,
          reply: makeReply({
            kind: 'none',
            response: CHECK_MESSAGES.notCovered,
            citations: [],
            source_type: 'other',
            checked_by_teacher: true,
          }),
        };
      } else {
        next = { ...first, status: 'unchecked', answer: null, checked_at: null };
      }
      next = { ...next, checked_at: update.status === 'unchecked' ? null : '2025-10-01T12:00:00Z' };
      items = items.map((i) => (i.id === item.id ? next : i));
      return ok(next);
    };
  }
  for (const item of initial) route(item);
  return { routes, base, items: () => items };
}
