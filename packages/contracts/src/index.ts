export * from './limits.ts';
export * from './auth.ts';
export * from './api.ts';
export * from './billing.ts';
export * from './classes.ts';
export * from './chat.ts';
export * from './conversations.ts';
export * from './analytics.ts';
