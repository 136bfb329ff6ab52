import { describe, expect, it } from 'vitest';
import { initialSuggestions, promoteSuggestion } from './suggestions';

describe('promoteSuggestion (SPEC §9)', () => {
  it('moves an asked suggestion to the front without duplicating it', () => {
    expect(promoteSuggestion(['A?', 'B?', 'C?'], 'C?')).toEqual(['C?', 'A?', 'B?']);
    expect(promoteSuggestion(['A?', 'B?', 'C?'], 'A?')).toEqual(['A?', 'B?', 'C?']);
  });

  it('puts a new question first and keeps at most three', () => {
    expect(promoteSuggestion(['A?', 'B?', 'C?'], 'New?')).toEqual(['New?', 'A?', 'B?']);
    expect(promoteSuggestion([], 'New?')).toEqual(['New?']);
  });

  it('treats case and spacing variants as the same question, keeping the newest wording', () => {
    expect(promoteSuggestion(['When is the exam?', 'B?'], '  when is  the EXAM? ')).toEqual([
      'when is  the EXAM?',
      'B?',
    ]);
  });

  it('ignores a blank question and honours a custom maximum', () => {
    expect(promoteSuggestion(['A?', 'B?', 'C?', 'D?'], '   ')).toEqual(['A?', 'B?', 'C?']);
    expect(promoteSuggestion(['A?', 'B?'], 'C?', 2)).toEqual(['C?', 'A?']);
  });

  it('does not change the list it was given', () => {
    const list = ['A?', 'B?'];
    promoteSuggestion(list, 'C?');
    expect(list).toEqual(['A?', 'B?']);
  });
});

describe('initialSuggestions', () => {
  it('drops blanks and duplicates and keeps the first three', () => {
    expect(initialSuggestions(['A?', ' ', 'a?', 'B?', 'C?', 'D?'])).toEqual(['A?', 'B?', 'C?']);
  });
});
