import { describe, expect, it } from 'vitest';
import type { TrialData } from '@app/contracts';
import { authStore } from './auth-store';

const trial: TrialData = {
  session_id: '0b6f3c1e-5d2a-4f7b-9c8e-1a2b3c4d5e6f',
  expires_at: '2030-01-01T00:00:00.000Z',
  questions_left: 7,
  document: { file_name: 'notes.txt', file_size: 2048, word_count: 310 },
};

describe('authStore trial_data (SPEC §3)', () => {
  it('saves the trial under trial_data and reads it back', () => {
    authStore.saveTrialData(trial);
    expect(JSON.parse(localStorage.getItem('trial_data')!)).toEqual(trial);
    expect(authStore.readTrialData()).toEqual(trial);
    expect(authStore.hasTrialData()).toBe(true);
  });

  it('reads a trial that has no document yet', () => {
    authStore.saveTrialData({ ...trial, document: null });
    expect(authStore.readTrialData()?.document).toBeNull();
  });

  it('returns null when nothing is saved', () => {
    expect(authStore.readTrialData()).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['an empty object', '{}'],
    ['a number for the session id', JSON.stringify({ ...trial, session_id: 5 })],
    ['a text count', JSON.stringify({ ...trial, questions_left: '7' })],
    ['a document without a size', JSON.stringify({ ...trial, document: { file_name: 'a.txt' } })],
  ])('treats %s as no saved trial', (_label, raw) => {
    localStorage.setItem('trial_data', raw);
    expect(authStore.readTrialData()).toBeNull();
  });

  it('clearTrialData removes only trial_data', () => {
    localStorage.setItem('access_token', 'access-1');
    authStore.saveTrialData(trial);
    authStore.clearTrialData();
    expect(localStorage.getItem('trial_data')).toBeNull();
    expect(localStorage.getItem('access_token')).toBe('access-1');
  });
});
