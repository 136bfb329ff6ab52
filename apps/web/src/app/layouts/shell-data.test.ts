import { describe, expect, it } from 'vitest';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { mockApi, networkDown } from '@/test/fetch-mock';
import { fetchShellSummary } from './shell-data';

describe('fetchShellSummary (the header bell)', () => {
  it('reads the unanswered count across classes from the server', async () => {
    mockApi({
      'GET /billing/usage': ok(makeUsage()),
      'GET /chat/email-requests': ok({
        requests: [{ id: '1', teacher_responded_at: null }],
        unanswered: 7,
      }),
    });
    const summary = await fetchShellSummary();
    expect(summary.unansweredRequests).toBe(7);
    expect(summary.usage?.season_name).toBe('Fall 2025');
  });

  it('falls back to counting the pending requests in the list', async () => {
    mockApi({
      'GET /chat/email-requests': ok({
        requests: [
          { id: '1', teacher_responded_at: null },
          { id: '2', teacher_responded_at: '2025-10-01T00:00:00.000Z' },
          { id: '3', teacher_responded_at: null },
        ],
      }),
    });
    expect((await fetchShellSummary()).unansweredRequests).toBe(2);
  });

  it('ignores failures (SPEC §2)', async () => {
    mockApi({
      'GET /billing/usage': () => networkDown(),
      'GET /chat/email-requests': () => networkDown(),
    });
    expect(await fetchShellSummary()).toEqual({ usage: null, unansweredRequests: 0 });
  });
});
