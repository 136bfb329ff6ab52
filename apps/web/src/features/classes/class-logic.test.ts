import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '@/test/billing-fixtures';
import { mockApi, networkDown } from '@/test/fetch-mock';
import { checkClassCreation } from './class-logic';

function stub(name: 'confirm' | 'alert' | 'prompt', value: unknown) {
  const fn = vi.fn(() => value);
  vi.stubGlobal(name, fn);
  return fn;
}

describe('checkClassCreation (SPEC §8 billing check)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens anyway when the validation call fails', async () => {
    mockApi({ 'GET /billing/validate-class-creation': () => networkDown() });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await checkClassCreation()).toBe(true);
  });

  it('allowed → true without prompts', async () => {
    mockApi({
      'GET /billing/validate-class-creation': ok({ can_create: true, cost: 0, message: 'ok' }),
    });
    const confirm = stub('confirm', true);
    expect(await checkClassCreation()).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('with a cost asks with the exact text and buys one add-on on OK', async () => {
    const calls = mockApi({
      'GET /billing/validate-class-creation': ok({
        can_create: false,
        cost: 6,
        message: 'You have used all 3 classes included this semester.',
      }),
      'POST /billing/payment/purchase-addon': ok({}),
    });
    const confirm = stub('confirm', true);
    expect(await checkClassCreation()).toBe(true);
    expect(confirm).toHaveBeenCalledWith(
      'You have used all 3 classes included this semester. This will cost $6.00. Do you want to continue?',
    );
    const purchase = calls.find((c) => c.path === '/billing/payment/purchase-addon');
    expect(purchase?.body).toEqual({ class_count: 1 });
  });

  it('with a cost and Cancel → false, nothing bought', async () => {
    const calls = mockApi({
      'GET /billing/validate-class-creation': ok({ can_create: false, cost: 6, message: 'M' }),
    });
    stub('confirm', false);
    expect(await checkClassCreation()).toBe(false);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('no cost → alerts the message (or the default) and stops', async () => {
    mockApi({
      'GET /billing/validate-class-creation': ok({ can_create: false, cost: 0, message: '' }),
    });
    const alert = stub('alert', undefined);
    expect(await checkClassCreation()).toBe(false);
    expect(alert).toHaveBeenCalledWith('Cannot create class due to billing restrictions');
  });
});
