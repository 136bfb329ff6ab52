/** Web-only constants. Business numbers live in @app/contracts. */
export const PRODUCT_NAME = 'Syllabot';
export const SUPPORT_EMAIL = 'support@syllabot.app';
/** Where the landing page's "How it works" link scrolls to. */
export const HOW_IT_WORKS_ID = 'how-it-works';
/** Query parameter carried by the e-mailed password-reset link. */
export const RESET_TOKEN_PARAM = 'reset_token';
/** Query parameter of the link e-mailed to a new address to confirm it. */
export const CONFIRM_EMAIL_TOKEN_PARAM = 'confirm_email_token';
/** Query parameter of the "this wasn't me" link e-mailed when the password or e-mail changes. */
export const NOT_ME_TOKEN_PARAM = 'not_me_token';
export const INSTALL_SUCCESS_REDIRECT_MS = 3000;
export const INSTALL_SUCCESS_TARGET = '/integrations?slack_install=success';
export const MAX_VISIBLE_TOASTS = 20;
