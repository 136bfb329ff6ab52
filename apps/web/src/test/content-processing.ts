import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ClassItem, ContentItem } from '@app/contracts';
import { makeUsage, ok } from './billing-fixtures';
import { makeUser, mockApi, seedSession, type Reply } from './fetch-mock';

/**
 * For the tests of files read in the background: an uploaded file is acknowledged first and read
 * in the background (the item is `processing`, then `ready` or `failed` with a reason). The tests
 * drive the polling with fake timers.
 */

export type Routes = Record<string, Reply | ((init: RequestInit) => Reply | Promise<never>)>;

export const DAMAGED = 'This file appears to be damaged and could not be read.';

/** A signed-in teacher with these classes on the dashboard, and the other routes given. */
export function setup(classes: ClassItem[], routes: Routes = {}) {
  const user = makeUser();
  seedSession(user);
  return mockApi({
    'GET /auth/profile': ok({ user }),
    'GET /classes': ok({ classes, billing_summary: makeUsage() }),
    'GET /billing/validate-class-creation': ok({ can_create: true, cost: 0, message: 'ok' }),
    ...routes,
  });
}

/** GET /content/{id} answering with the item's current status, which the test changes. */
export function statusRoute(item: ContentItem) {
  const state = { status: item.status, reason: null as string | null, polls: 0 };
  const route = () => {
    state.polls += 1;
    return ok({ content: { ...item, status: state.status, status_reason: state.reason } });
  };
  return { state, route };
}

export const uploaded = (item: ContentItem) => ({
  status: 201,
  body: { success: true, data: { content: item } },
});

/**
 * Fake timers that still advance, set up before each test of the file and undone after it, and
 * the user whose waits advance them (call once, at the top of the file; the user is each test's).
 */
export function fakeTimerUser(): UserEvent {
  let user: UserEvent | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  });
  afterEach(() => vi.useRealTimers());
  return new Proxy({} as UserEvent, { get: (_target, key) => Reflect.get(user!, key) });
}

/** Lets the polls due in the next `ms` run (and the React updates they cause). */
export const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

export const card = async (name: string) =>
  screen.findByRole('article', { name }).then((el) => within(el));
