import { describe, expect, it } from 'vitest';
import { initialSuggestions, promoteSuggestion } from './suggestions';

describe('promoteSuggestion (SPEC §9)', () => {
  it('moves an asked suggestion to the front without duplicating it', () => {
    expect(promoteSuggestion(['A?', 'B?', 'C?'], 'C?')).toEqual(['C?', 'A?', 'B?']);
    expect(promoteSuggestion(['A?', 'B?', 'C?'], 'A?')).toEqual(['A?', 'B?', 'C?']);
  });

  it('a question the student typed never becomes a suggestion (issue 31)', () => {
    expect(promoteSuggestion(['A?', 'B?', 'C?'], 'Who won the last world cup?')).toEqual([
      'A?',
      'B?',
      'C?',
    ]);
    expect(promoteSuggestion([], 'New?')).toEqual([]);
  });

  it('treats case and spacing variants as the same suggestion, keeping its wording', () => {
    expect(promoteSuggestion(['B?', 'When is the exam?'], '  when is  the EXAM? ')).toEqual([
      'When is the exam?',
      'B?',
    ]);
  });

  it('ignores a blank question and honours a custom maximum', () => {
    expect(promoteSuggestion(['A?', 'B?', 'C?', 'D?'], '   ')).toEqual(['A?', 'B?', 'C?']);
    expect(promoteSuggestion(['A?', 'B?', 'C?'], 'C?', 2)).toEqual(['C?', 'A?']);
  });

  it('does not change the list it was given', () => {
    const list = ['A?', 'B?'];
    promoteSuggestion(list, 'B?');
    expect(list).toEqual(['A?', 'B?']);
  });
});

describe('initialSuggestions', () => {
  it('drops blanks and duplicates and keeps the first three', () => {
    expect(initialSuggestions(['A?', ' ', 'a?', 'B?', 'C?', 'D?'])).toEqual(['A?', 'B?', 'C?']);
  });
});
