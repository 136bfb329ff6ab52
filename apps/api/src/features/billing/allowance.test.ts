import { describe, expect, it } from 'vitest';
import { classSeasonName } from '@app/contracts';
import { addonRule, classCreationCheck, classCreationRule, computeAllowance } from './allowance.ts';

const rule = (
  classesUsed: number,
  addonClasses = 0,
  status: 'trialing' | 'active' | 'suspended' = 'active',
  cancelling = false,
) =>
  computeAllowance({
    seasonName: 'Fall 2026',
    status,
    cancelling,
    classesUsed,
    addonClasses,
    addonPriceCents: 600,
  });

describe('class allowance', () => {
  it('is free within the 3 base classes', () => {
    expect(rule(2)).toMatchObject({
      canAddClass: true,
      nextClass: 'included',
      nextClassCostCents: 0,
      classesRemaining: 1,
      maxPurchasableAddons: 7,
    });
    expect(classCreationCheck(rule(2), 600)).toEqual({
      can_create: true,
      cost: 0,
      message: 'You can create this class within your plan.',
      season_name: 'Fall 2026',
      refusal: null,
    });
  });

  it('asks for an add-on at 3 classes, priced by the server, naming the season', () => {
    expect(rule(3)).toMatchObject({
      canAddClass: false,
      nextClass: 'addon',
      nextClassCostCents: 600,
      classesRemaining: 0,
    });
    expect(classCreationCheck(rule(3), 600)).toEqual({
      can_create: false,
      cost: 6,
      message: 'You have used all 3 classes included in Fall 2026. An add-on class costs $6.00.',
      season_name: 'Fall 2026',
      refusal: 'CLASS_LIMIT_REACHED',
    });
  });

  it('names the add-ons already bought apart from the 3 included classes', () => {
    expect(classCreationCheck(rule(4, 1), 600).message).toBe(
      'You have used all 3 classes included in Fall 2026 and your 1 add-on class. An add-on class costs $6.00.',
    );
    expect(classCreationCheck(rule(5, 2), 600).message).toBe(
      'You have used all 3 classes included in Fall 2026 and your 2 add-on classes. An add-on class costs $6.00.',
    );
  });

  it('is free again within purchased add-ons', () => {
    expect(rule(4, 2)).toMatchObject({
      canAddClass: true,
      nextClass: 'included',
      nextClassCostCents: 0,
      classesRemaining: 1,
      maxPurchasableAddons: 5,
    });
  });

  it('stops at 10 classes in a season: nothing costs anything there', () => {
    const atCap = rule(10, 7);
    expect(atCap).toMatchObject({
      canAddClass: false,
      nextClass: 'maximum',
      nextClassCostCents: 0,
      maxPurchasableAddons: 0,
      classesRemaining: 0,
    });
    expect(classCreationCheck(atCap, 600)).toMatchObject({
      can_create: false,
      cost: 0,
      message: 'You have reached the maximum of 10 classes in Fall 2026.',
    });
    expect(rule(9, 7)).toMatchObject({ canAddClass: true, nextClass: 'included' });
  });

  it('allows nothing without an active subscription', () => {
    expect(rule(1, 0, 'suspended')).toMatchObject({
      canAddClass: false,
      nextClass: 'inactive',
      nextClassCostCents: 0,
      maxPurchasableAddons: 0,
      classesRemaining: 0,
    });
    expect(classCreationCheck(rule(0, 0, 'suspended'), 600).can_create).toBe(false);
    expect(rule(0, 0, 'trialing').canAddClass).toBe(true);
  });

  it('a cancelled plan keeps its included classes but offers no add-on', () => {
    expect(rule(2, 0, 'active', true)).toMatchObject({
      canAddClass: true,
      nextClass: 'included',
      maxPurchasableAddons: 0,
    });
    const used = rule(3, 0, 'active', true);
    expect(used).toMatchObject({
      canAddClass: false,
      nextClass: 'cancelled',
      nextClassCostCents: 0,
    });
    expect(classCreationCheck(used, 600)).toMatchObject({
      can_create: false,
      cost: 0,
      refusal: 'PLAN_CANCELLED',
      message:
        'You have used all 3 classes included in Fall 2026. Your plan is cancelled, so no add-on class can be bought: resume it in My Account to add one.',
    });
    expect(addonRule(used).refusal).toBe('PLAN_CANCELLED');
  });

  it("refuses class creation with the code of its reason, the add-on purchase's for the same one", () => {
    const refusal = (a: ReturnType<typeof rule>) => classCreationRule(a, 600).refusal;
    expect(refusal(rule(2))).toBeNull();
    expect(refusal(rule(3))).toBe('CLASS_LIMIT_REACHED'); // 402: an add-on is needed
    expect(refusal(rule(10, 7))).toBe('CLASS_MAXIMUM_REACHED'); // 409, as the 8th add-on
    expect(refusal(rule(0, 0, 'suspended'))).toBe('SUBSCRIPTION_INACTIVE'); // 403, as an add-on
    expect(refusal(rule(3, 0, 'trialing', true))).toBe('PLAN_CANCELLED'); // 409, as an add-on
    expect(addonRule(rule(10, 7)).refusal).toBe('CLASS_MAXIMUM_REACHED');
    expect(addonRule(rule(0, 0, 'suspended')).refusal).toBe('SUBSCRIPTION_INACTIVE');
  });

  it('offers an add-on only once the included classes are used', () => {
    expect(addonRule(rule(3))).toEqual({ refusal: null, message: '' });
    expect(addonRule(rule(4, 1)).refusal).toBeNull();
    expect(addonRule(rule(2))).toEqual({
      refusal: 'ADDON_NOT_NEEDED',
      message:
        'You can still create 1 class in Fall 2026 within your plan: add-on classes can be bought once the included ones are used.',
    });
    expect(addonRule(rule(3, 1)).refusal).toBe('ADDON_NOT_NEEDED');
  });
});

describe('the season a class counts toward', () => {
  it('is its own semester and year, a Winter term in Spring; none without both', () => {
    expect(classSeasonName('Spring', 2027)).toBe('Spring 2027');
    expect(classSeasonName('Fall', 2026)).toBe('Fall 2026');
    expect(classSeasonName('Summer', 2026)).toBe('Summer 2026');
    expect(classSeasonName('Winter', 2027)).toBe('Spring 2027');
    expect(classSeasonName(null, 2027)).toBeNull();
    expect(classSeasonName('Fall', null)).toBeNull();
  });
});
