/**
 * Check your assistant (issue 29): the questions students ask about every course, for the teacher
 * to confirm, rewrite or mark not covered. Other features import this folder only through this
 * file (eslint.config.js).
 */
export { AssistantCheck } from './assistant-check-panel';
export { useAssistantCheckCount } from './api/get-assistant-check';
