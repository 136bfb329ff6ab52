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

  it("with a cost asks with the exact text and buys one add-on for the class's season on OK", async () => {
    const calls = mockApi({
      'GET /billing/validate-class-creation': ok({
        can_create: false,
        cost: 6,
        message: 'You have used all 3 classes included in Spring 2027.',
        season_name: 'Spring 2027',
        refusal: 'CLASS_LIMIT_REACHED',
      }),
      'POST /billing/payment/purchase-addon': ok({}),
    });
    const confirm = stub('confirm', true);
    expect(await checkClassCreation({ semester: 'Spring', year: 2027 })).toBe(true);
    // asked for the class's own semester, which its season's allowance counts
    const asked = new URL(String(vi.mocked(fetch).mock.calls[0]![0]), 'http://localhost');
    expect(asked.pathname).toBe('/api/billing/validate-class-creation');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ semester: 'Spring', year: '2027' });
    expect(confirm).toHaveBeenCalledWith(
      'You have used all 3 classes included in Spring 2027. This will cost $6.00. Do you want to continue?',
    );
    const purchase = calls.find((c) => c.path === '/billing/payment/purchase-addon');
    expect(purchase?.body).toEqual({ class_count: 1, season_name: 'Spring 2027' });
  });

  it('before the semester is chosen, a full season does not stop the wizard (its season is checked later)', async () => {
    const calls = mockApi({
      'GET /billing/validate-class-creation': ok({
        can_create: false,
        cost: 6,
        message: 'You have used all 3 classes included in Fall 2026. An add-on class costs $6.00.',
        season_name: 'Fall 2026',
        refusal: 'CLASS_LIMIT_REACHED',
      }),
    });
    const confirm = stub('confirm', true);
    const alert = stub('alert', undefined);
    expect(await checkClassCreation()).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('before the semester is chosen, a plan that is not running stops it with the message', async () => {
    mockApi({
      'GET /billing/validate-class-creation': ok({
        can_create: false,
        cost: 0,
        message: 'Your subscription is not active, so no class can be created or added.',
        season_name: 'Fall 2026',
        refusal: 'SUBSCRIPTION_INACTIVE',
      }),
    });
    const alert = stub('alert', undefined);
    expect(await checkClassCreation()).toBe(false);
    expect(alert).toHaveBeenCalledWith(
      'Your subscription is not active, so no class can be created or added.',
    );
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
