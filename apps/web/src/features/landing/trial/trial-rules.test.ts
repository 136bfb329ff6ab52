import { formatFileSize } from '@/lib/format';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, TRIAL_MESSAGES, type TrialData } from '@app/contracts';
import { API_ERROR_TEXT, ApiError } from '@/lib/api-client';
import {
  CHAT_FAILURE_TEXT,
  chatFailure,
  isTrialExpired,
  recentTurns,
  trialFileProblem,
  uploadErrorText,
} from './trial-rules';

const file = (name: string, size = 100) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('trialFileProblem (SPEC §5 Trial upload)', () => {
  it.each(['a.pdf', 'b.DOCX', 'notes.final.txt'])('accepts %s', (name) => {
    expect(trialFileProblem(file(name))).toBeNull();
  });

  it.each(['a.doc', 'b.png', 'pdf', 'archive.pdf.zip', '.txt.exe'])('refuses %s', (name) => {
    expect(trialFileProblem(file(name))).toBe(TRIAL_MESSAGES.fileType);
  });

  it('accepts exactly 10 MB and refuses one byte more', () => {
    expect(trialFileProblem(file('big.pdf', 10 * 1024 * 1024))).toBeNull();
    expect(trialFileProblem(file('big.pdf', 10 * 1024 * 1024 + 1))).toBe(
      TRIAL_MESSAGES.fileTooLarge,
    );
  });
});

describe('uploadErrorText', () => {
  it.each(['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_ERROR'] as const)(
    'uses the server’s detail for %s',
    (code) => {
      const error = new ApiError('Server says why', { status: ERROR_STATUS[code], code });
      expect(uploadErrorText(error)).toBe('Server says why');
    },
  );

  it.each([
    ['a 500', new ApiError('boom', { status: 500, code: 'INTERNAL' })],
    ['no response', new ApiError(API_ERROR_TEXT.network)],
    ['a plain error', new Error('weird')],
    // the code decides, not the status: a 413 or 415 that names no such code is a plain failure
    ['a 413 without its code', new ApiError('Request Entity Too Large', { status: 413 })],
    ['a 415 with another code', new ApiError('No', { status: 415, code: 'BAD_REQUEST' })],
  ])('says "Upload failed." for %s', (_label, error) => {
    expect(uploadErrorText(error)).toBe(TRIAL_MESSAGES.uploadFailed);
  });
});

describe('chatFailure (SPEC §8 Trial chat)', () => {
  const limited = (message: string) => new ApiError(message, { status: 429, code: 'RATE_LIMITED' });
  it.each([
    ['the limit (RATE_LIMITED)', limited(TRIAL_MESSAGES.serverLimit), 'limit'],
    ['RATE_LIMITED, whatever its text', limited('Slow down'), 'limit'],
    ['RATE_LIMITED from a stream event', new ApiError('x', { code: 'RATE_LIMITED' }), 'limit'],
    [
      'a missing session (NOT_FOUND)',
      new ApiError(TRIAL_MESSAGES.serverSessionMissing, { status: 404, code: 'NOT_FOUND' }),
      'expired',
    ],
    [
      'no document (CONFLICT)',
      new ApiError(TRIAL_MESSAGES.serverNoDocument, { status: 409, code: 'CONFLICT' }),
      'expired',
    ],
    ['a server error', new ApiError(API_ERROR_TEXT.noBody, { status: 500 }), 'other'],
    ['no response', new ApiError(API_ERROR_TEXT.network), 'other'],
    ['anything else', 'not even an error', 'other'],
  ] as const)('%s → %s', (_label, error, expected) => {
    expect(chatFailure(error)).toBe(expected);
  });

  // the code decides, never the status number or the words of the message
  it.each([
    ['a 429 without a code', new ApiError('Too many requests', { status: 429 })],
    ['a 429 with another code', new ApiError('Busy', { status: 429, code: 'SERVICE_UNAVAILABLE' })],
    ['"429" in the text', new Error('Error 429')],
    ['"limit" in the text', new ApiError(TRIAL_MESSAGES.serverLimit, { status: 500 })],
    ['"session" in the text', new Error(TRIAL_MESSAGES.serverSessionMissing)],
    [
      '"session" in a refused input',
      new ApiError(TRIAL_MESSAGES.serverSessionMissing, { status: 422, code: 'VALIDATION_ERROR' }),
    ],
    ['"document" in the text', new ApiError(TRIAL_MESSAGES.serverNoDocument, { status: 500 })],
  ] as const)('%s → other', (_label, error) => {
    expect(chatFailure(error)).toBe('other');
    expect(CHAT_FAILURE_TEXT[chatFailure(error)]).toBe(TRIAL_MESSAGES.chatFailed);
  });

  it('maps each failure to the SPEC text', () => {
    expect(CHAT_FAILURE_TEXT).toEqual({
      limit: "You've reached the trial limit. Sign up for unlimited access!",
      expired: 'Session expired. Please upload your document again.',
      other: 'Sorry, I encountered an error. Please try again.',
    });
  });
});

describe('isTrialExpired', () => {
  const trial = (expires_at: string): TrialData => ({
    session_id: 's',
    expires_at,
    questions_left: 10,
    document: null,
  });
  const now = Date.parse('2025-10-01T12:00:00.000Z');

  it('is alive before its expiry and expired at or after it', () => {
    expect(isTrialExpired(trial('2025-10-01T12:00:01.000Z'), now)).toBe(false);
    expect(isTrialExpired(trial('2025-10-01T12:00:00.000Z'), now)).toBe(true);
  });

  it('treats an unreadable date as expired', () => {
    expect(isTrialExpired(trial('soon'), now)).toBe(true);
  });
});

describe('formatting', () => {
  it('keeps the last six turns (SPEC §9)', () => {
    expect(recentTurns([1, 2, 3, 4, 5, 6, 7, 8])).toEqual([3, 4, 5, 6, 7, 8]);
    expect(recentTurns([1, 2])).toEqual([1, 2]);
  });

  it('gives sizes in KB below 1 MB and in MB above', () => {
    expect(formatFileSize(20)).toBe('0.1 KB');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(1536 * 1024)).toBe('1.5 MB');
  });
});
