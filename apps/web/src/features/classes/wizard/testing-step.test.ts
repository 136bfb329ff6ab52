import { describe, expect, it } from 'vitest';
import { API_ERROR_TEXT, ApiError } from '@/lib/api-client';
import { testErrorText } from './testing-step';
import { WIZARD_TEXT } from './wizard-rules';

describe('testErrorText (SPEC §8 wizard texts), decided on the error code', () => {
  it('no reply failed the test', () => {
    expect(testErrorText(new ApiError(API_ERROR_TEXT.network))).toBe(WIZARD_TEXT.testFailed);
    expect(testErrorText(new Error('weird'))).toBe(WIZARD_TEXT.testFailed);
  });

  it("a refused question or a too-fast pace gives the server's words", () => {
    const refused = new ApiError('Question is too long', { status: 422, code: 'VALIDATION_ERROR' });
    const limited = new ApiError('Please wait a moment.', { status: 429, code: 'RATE_LIMITED' });
    expect(testErrorText(refused)).toBe('Question is too long');
    expect(testErrorText(limited)).toBe('Please wait a moment.');
  });

  it('a 422 or 429 without that code is a failed AI answer: the status does not decide', () => {
    expect(testErrorText(new ApiError('Too many', { status: 429 }))).toBe(WIZARD_TEXT.aiFailed);
    expect(testErrorText(new ApiError('Bad', { status: 422, code: 'INTERNAL' }))).toBe(
      WIZARD_TEXT.aiFailed,
    );
    expect(testErrorText(new ApiError('boom', { status: 500, code: 'INTERNAL' }))).toBe(
      WIZARD_TEXT.aiFailed,
    );
  });
});
