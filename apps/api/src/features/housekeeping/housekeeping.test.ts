import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerTeacher } from '../../../test/factories.ts';
import { pruneExpiredRows } from './housekeeping.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('pruneExpiredRows', () => {
  it('deletes only what has expired', async () => {
    const { user } = await registerTeacher(t.app);
    const day = 86_400_000;
    await t.db
      .insertInto('rate_limits')
      .values([
        { key: 'old', window_start: new Date(Date.now() - 2 * day), hits: 3 },
        { key: 'current', window_start: new Date(), hits: 1 },
      ])
      .execute();
    const old = await t.db
      .insertInto('sessions')
      .values({
        user_id: user.id,
        user_agent: null,
        revoked_at: new Date(Date.now() - 31 * day),
        revoke_reason: 'logout',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('refresh_tokens')
      .values({ session_id: old.id, token_hash: 'h-old', expires_at: new Date(Date.now() + day) })
      .execute();
    const live = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('refresh_tokens')
      .values({
        session_id: live.id,
        token_hash: 'h-expired',
        expires_at: new Date(Date.now() - 1000),
      })
      .execute();
    await t.db
      .insertInto('password_resets')
      .values([
        { user_id: user.id, token_hash: 'r-old', expires_at: new Date(Date.now() - 2 * day) },
        { user_id: user.id, token_hash: 'r-new', expires_at: new Date(Date.now() + 1000) },
      ])
      .execute();

    const deleted = await pruneExpiredRows(t.db);

    expect(deleted).toMatchObject({
      rate_limits: 1,
      refresh_tokens: 1,
      password_resets: 1,
      sessions: 1,
    });
    expect(
      (await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key),
    ).toContain('current');
    expect(
      await t.db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('session_id', '=', live.id)
        .execute(),
    ).toHaveLength(1);
    expect(
      (await t.db.selectFrom('password_resets').select('token_hash').execute()).map(
        (r) => r.token_hash,
      ),
    ).toEqual(['r-new']);
    expect(
      await t.db.selectFrom('sessions').select('id').where('id', '=', old.id).execute(),
    ).toHaveLength(0);
  });
});
