import { describe, expect, it } from 'vitest';
import { classCreationCheck, classCreationRule, computeAllowance } from './allowance.ts';

const rule = (
  classesUsed: number,
  addonClasses = 0,
  status: 'trialing' | 'active' | 'suspended' = 'active',
) => computeAllowance({ status, classesUsed, addonClasses, addonPriceCents: 600 });

describe('class allowance', () => {
  it('is free within the 3 base classes', () => {
    expect(rule(2)).toMatchObject({
      canAddClass: true,
      nextClassCostCents: 0,
      classesRemaining: 1,
      maxPurchasableAddons: 7,
    });
    expect(classCreationCheck(rule(2), 600)).toEqual({
      can_create: true,
      cost: 0,
      message: expect.any(String),
    });
  });

  it('asks for an add-on at 3 classes, priced by the server', () => {
    expect(rule(3)).toMatchObject({
      canAddClass: false,
      nextClassCostCents: 600,
      classesRemaining: 0,
    });
    expect(classCreationCheck(rule(3), 600)).toEqual({
      can_create: false,
      cost: 6,
      message: 'You have used all 3 classes included this semester. An add-on class costs $6.00.',
    });
  });

  it('names the add-ons already bought apart from the 3 included classes', () => {
    expect(classCreationCheck(rule(4, 1), 600).message).toBe(
      'You have used all 3 classes included this semester and your 1 add-on class. An add-on class costs $6.00.',
    );
    expect(classCreationCheck(rule(5, 2), 600).message).toBe(
      'You have used all 3 classes included this semester and your 2 add-on classes. An add-on class costs $6.00.',
    );
  });

  it('is free again within purchased add-ons', () => {
    expect(rule(4, 2)).toMatchObject({
      canAddClass: true,
      nextClassCostCents: 0,
      classesRemaining: 1,
      maxPurchasableAddons: 5,
    });
  });

  it('stops at 10 classes in a season', () => {
    const atCap = rule(10, 7);
    expect(atCap).toMatchObject({
      canAddClass: false,
      maxPurchasableAddons: 0,
      classesRemaining: 0,
    });
    expect(classCreationCheck(atCap, 600)).toEqual({
      can_create: false,
      cost: 0,
      message: 'You have reached the maximum of 10 classes this semester.',
    });
    expect(rule(9, 7)).toMatchObject({ canAddClass: true });
  });

  it('allows nothing without an active subscription', () => {
    expect(rule(0, 0, 'suspended')).toMatchObject({ canAddClass: false, maxPurchasableAddons: 0 });
    expect(classCreationCheck(rule(0, 0, 'suspended'), 600).can_create).toBe(false);
    expect(rule(0, 0, 'trialing').canAddClass).toBe(true);
  });

  it("refuses class creation with the code of its reason, the add-on purchase's for the same one", () => {
    const refusal = (a: ReturnType<typeof rule>) => classCreationRule(a, 600).refusal;
    expect(refusal(rule(2))).toBeNull();
    expect(refusal(rule(3))).toBe('CLASS_LIMIT_REACHED'); // 402: an add-on is needed
    expect(refusal(rule(10, 7))).toBe('CLASS_MAXIMUM_REACHED'); // 409, as the 8th add-on
    expect(refusal(rule(0, 0, 'suspended'))).toBe('SUBSCRIPTION_INACTIVE'); // 403, as an add-on
  });
});
