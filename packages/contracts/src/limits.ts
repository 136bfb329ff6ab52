/** Business constants from SPEC §9 shared by server and web. */
export const REQUEST_TIMEOUT_MS = 120_000;
export const UPLOAD_TIMEOUT_MS = 300_000;
export const TRIAL_DAYS = 3;
export const TEACHER_PLAN_PRICE_USD = 18;
export const DEPARTMENT_PLAN_PRICE_USD = 135;
export const BASE_CLASSES_PER_SEASON = 3;
export const MAX_CLASSES_PER_SEASON = 10;
export const TRIAL_QUESTION_LIMIT = 10;
export const CONVERSATIONS_PAGE_SIZE = 20;
/** the "recent questions" estimate per semester is 20 % of the total, rounded down */
export const RECENT_QUESTIONS_SHARE = 0.2;
export const TITLE_MAX_LENGTH = 255;
export const USER_REFRESH_AFTER_LOGIN_MS = 100;
export const SIGNUP_MODAL_WAIT_MS = 1000;
export const TERMS_EFFECTIVE_DATE = 'July 15, 2025';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Browser storage keys (SPEC §3). Logout clears all six. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userData: 'user_data',
  trialData: 'trial_data',
  signupFlowStep: 'signup_flow_step',
  isNewSignup: 'isNewSignup',
} as const;
