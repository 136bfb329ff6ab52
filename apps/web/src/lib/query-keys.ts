/** The header's usage + contact-request summary (refreshed after billing changes). */
export const SHELL_SUMMARY_KEY = ['shell-summary'] as const;
