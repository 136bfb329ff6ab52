import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '@/test/billing-fixtures';
import { makeClass } from '@/test/class-fixtures';
import { mockApi, networkDown } from '@/test/fetch-mock';
import { checkClassCreation, fileProblem, groupClasses } from './class-logic';

function stub(name: 'confirm' | 'alert' | 'prompt', value: unknown) {
  const fn = vi.fn(() => value);
  vi.stubGlobal(name, fn);
  return fn;
}

describe('groupClasses', () => {
  it('orders newest year first, then Fall, Summer, Spring, Winter, then Other; names sorted', () => {
    const classes = [
      makeClass({ class_name: 'Zoology', semester: 'Spring', year: 2026 }),
      makeClass({ class_name: 'Anatomy', semester: 'Spring', year: 2026 }),
      makeClass({ class_name: 'Botany', semester: 'Fall', year: 2025 }),
      makeClass({ class_name: 'Chem', semester: 'Summer', year: 2025 }),
      makeClass({ class_name: 'Drama', semester: 'Spring', year: 2025 }),
      makeClass({ class_name: 'Ethics', semester: 'Winter', year: 2025 }),
      makeClass({ class_name: 'Undated', semester: null, year: null }),
      makeClass({ class_name: 'Fall 26', semester: 'Fall', year: 2026 }),
    ];
    const groups = groupClasses(classes, 'Fall 2025');
    expect(groups.map((g) => g.label)).toEqual([
      'Fall 2026',
      'Spring 2026',
      'Fall 2025',
      'Summer 2025',
      'Spring 2025',
      'Winter 2025',
      'Other',
    ]);
    expect(groups[1]!.classes.map((c) => c.class_name)).toEqual(['Anatomy', 'Zoology']);
    expect(groups.filter((g) => g.isCurrent).map((g) => g.label)).toEqual(['Fall 2025']);
  });
});

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

describe('fileProblem', () => {
  it('rejects other types and files over 50 MB', () => {
    expect(fileProblem(new File(['x'], 'a.png'))).toBe(
      'Unsupported file type. Please upload PDF, Word, Excel, or text files.',
    );
    const big = new File(['x'], 'a.pdf');
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    expect(fileProblem(big)).toBe('File size must be less than 50MB');
    expect(fileProblem(new File(['x'], 'Syllabus.DOCX'))).toBeNull();
    expect(fileProblem(new File(['x'], 'grades.csv'))).toBeNull();
  });
});
