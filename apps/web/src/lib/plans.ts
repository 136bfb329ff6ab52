import {
  BASE_CLASSES_PER_SEASON,
  DEPARTMENT_PLAN_PRICE_USD,
  MAX_CLASSES_PER_SEASON,
  TEACHER_PLAN_PRICE_USD,
  TRIAL_DAYS,
} from '@app/contracts';

export interface Plan {
  id: 'single' | 'department';
  name: string;
  price: number;
  period: string;
  summary: string;
  features: string[];
  comingSoon: boolean;
}

export const TEACHER_PLAN: Plan = {
  id: 'single',
  name: 'Teacher',
  price: TEACHER_PLAN_PRICE_USD,
  period: 'per semester',
  summary: `Everything one instructor needs. Start with a ${TRIAL_DAYS}-day free trial.`,
  features: [
    `${TRIAL_DAYS}-day free trial (card required)`,
    `${BASE_CLASSES_PER_SEASON} classes per semester included`,
    `Add-on classes, up to ${MAX_CLASSES_PER_SEASON} per semester`,
    'Syllabus and course material uploads',
    'A shareable student chat link per class',
    'Student conversations and contact requests',
  ],
  comingSoon: false,
};

export const DEPARTMENT_PLAN: Plan = {
  id: 'department',
  name: 'Department',
  price: DEPARTMENT_PLAN_PRICE_USD,
  period: 'per semester',
  summary: 'For programs that want one assistant experience across their faculty.',
  features: ['Up to 10 instructors', `${BASE_CLASSES_PER_SEASON} classes each`, 'Admin dashboard'],
  comingSoon: true,
};

/** 'Teacher plan' / 'Department plan' for a usage or subscription plan_type. */
export function planLabel(planType: string): string {
  if (planType === 'single') return 'Teacher plan';
  if (planType === 'department') return 'Department plan';
  return planType;
}
