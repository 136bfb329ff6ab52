import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerTeacher } from '../../../test/factories.ts';
import { BillingRepository } from './billing.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('withSubscriptionLock', () => {
  it('lets one request start a plan at a time; the others are refused at once, not queued', async () => {
    const repo = new BillingRepository(t.db);
    const { user } = await registerTeacher(t.app);
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let finish: () => void = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const first = repo.withSubscriptionLock(user.id, async () => {
      entered();
      await held;
      return 'first';
    });
    await inside; // the first holds the lock now
    expect(await repo.withSubscriptionLock(user.id, async () => 'second')).toBeNull();
    const other = await registerTeacher(t.app); // another teacher is not held up
    expect(await repo.withSubscriptionLock(other.user.id, async () => 'other')).toEqual({
      value: 'other',
    });
    finish();
    expect(await first).toEqual({ value: 'first' });
    // released with its transaction
    expect(await repo.withSubscriptionLock(user.id, async () => 'third')).toEqual({
      value: 'third',
    });
  });
});
