import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, registerTeacher, subscribedTeacher } from '../../../test/factories.ts';
import { DEFAULT_RETENTION, pruneExpiredRows } from './housekeeping.ts';
import { HousekeepingRepository } from './housekeeping.repository.ts';

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
    // e-mail changes and their "this wasn't me" links, once no link can still use them
    const [oldChange, newChange] = await t.db
      .insertInto('email_changes')
      .values([
        {
          user_id: user.id,
          old_email: 'a@uni.test',
          new_email: 'b@uni.test',
          token_hash: 'c-old',
          expires_at: new Date(Date.now() - 10 * day),
        },
        {
          user_id: user.id,
          old_email: 'a@uni.test',
          new_email: 'c@uni.test',
          token_hash: 'c-recent',
          expires_at: new Date(Date.now() - 2 * day),
          cancelled_at: new Date(),
        },
      ])
      .returning('id')
      .execute();
    await t.db
      .insertInto('account_alerts')
      .values([
        {
          user_id: user.id,
          kind: 'email_changed',
          email_change_id: newChange!.id,
          token_hash: 'a-old',
          expires_at: new Date(Date.now() - 2 * day),
        },
        {
          user_id: user.id,
          kind: 'email_changed',
          email_change_id: newChange!.id,
          token_hash: 'a-live',
          expires_at: new Date(Date.now() + day),
        },
      ])
      .execute();

    // an upload abandoned mid-stream two days ago goes; one streaming in now stays
    const uploads = await t.db
      .insertInto('uploads')
      .values([{ created_at: new Date(Date.now() - 2 * day) }, {}])
      .returning('id')
      .execute();

    const deleted = await pruneExpiredRows(new HousekeepingRepository(t.db));

    expect(deleted).toMatchObject({
      uploads: 1,
      rate_limits: 1,
      refresh_tokens: 1,
      password_resets: 1,
      account_alerts: 1,
      email_changes: 1,
      sessions: 1,
    });
    expect(
      (await t.db.selectFrom('email_changes').select('id').execute()).map((r) => r.id),
    ).toEqual([newChange!.id]);
    expect(oldChange).toBeDefined();
    expect(
      (await t.db.selectFrom('account_alerts').select('token_hash').execute()).map(
        (r) => r.token_hash,
      ),
    ).toEqual(['a-live']);
    expect(
      (await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key),
    ).toContain('current');
    expect((await t.db.selectFrom('uploads').select('id').execute()).map((r) => r.id)).toEqual([
      uploads[1]!.id,
    ]);
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

describe('retention', () => {
  it('deletes conversations and e-mails older than their retention, and keeps all with 0', async () => {
    const teacher = await subscribedTeacher(t.app);
    const cls = await createClass(t.app, teacher.auth);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const conversation = (created_at: Date, question: string) => ({
      class_id: cls.id,
      question,
      response: 'r',
      source_type: 'other' as const,
      student_identifier: null,
      created_at,
    });
    await t.db
      .insertInto('conversations')
      .values([conversation(daysAgo(40), 'old'), conversation(daysAgo(1), 'recent')])
      .execute();
    const mail = (created_at: Date, subject: string) => ({
      to_address: 'a@b.test',
      subject,
      text_body: 'x',
      transport: 'outbox' as const,
      created_at,
    });
    await t.db
      .insertInto('emails')
      .values([mail(daysAgo(40), 'old mail'), mail(daysAgo(1), 'recent mail')])
      .execute();
    const keepAll = { ...DEFAULT_RETENTION, conversationsDays: 0, emailsDays: 0 };
    expect(await pruneExpiredRows(new HousekeepingRepository(t.db), keepAll)).toMatchObject({
      conversations: 0,
      emails: 0,
    });

    const month = { ...DEFAULT_RETENTION, conversationsDays: 30, emailsDays: 30 };
    const deleted = await pruneExpiredRows(new HousekeepingRepository(t.db), month);
    expect(deleted.conversations).toBeGreaterThanOrEqual(1);
    expect(deleted.emails).toBeGreaterThanOrEqual(1);
    const questions = await t.db
      .selectFrom('conversations')
      .select('question')
      .where('class_id', '=', cls.id)
      .execute();
    expect(questions.map((q) => q.question)).toEqual(['recent']);
    const subjects = (await t.db.selectFrom('emails').select('subject').execute()).map(
      (m) => m.subject,
    );
    expect(subjects).toContain('recent mail');
    expect(subjects).not.toContain('old mail');
  });
});
