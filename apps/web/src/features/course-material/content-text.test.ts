import { describe, expect, it } from 'vitest';
import { parseContentText } from './content-text';

describe('parseContentText: the markdown subset extraction writes', () => {
  it('reads headings, paragraphs (lines kept), lists and table rows', () => {
    const text = [
      '# Syllabus',
      '## Sheet: Grades',
      '',
      'Week 1 covers cells.',
      'Week 2 covers DNA.',
      '',
      '- Midterm: 30%',
      '- Final: 40%',
      '',
      'Name | Score',
      'Ada | 98',
      '',
      '### Office hours',
      'Mondays',
    ].join('\r\n');
    expect(parseContentText(text)).toEqual([
      { kind: 'heading', level: 1, text: 'Syllabus' },
      { kind: 'heading', level: 2, text: 'Sheet: Grades' },
      { kind: 'paragraph', text: 'Week 1 covers cells.\nWeek 2 covers DNA.' },
      {
        kind: 'list',
        ordered: false,
        start: 1,
        items: [
          { text: 'Midterm: 30%', depth: 0 },
          { text: 'Final: 40%', depth: 0 },
        ],
      },
      {
        kind: 'table',
        rows: [
          ['Name', 'Score'],
          ['Ada', '98'],
        ],
      },
      { kind: 'heading', level: 3, text: 'Office hours' },
      { kind: 'paragraph', text: 'Mondays' },
    ]);
  });

  it('keeps nested and numbered items, and an ordered list’s first number', () => {
    expect(parseContentText('3. Grading\n4. Labs\n  - safety first\n    goggles on')).toEqual([
      {
        kind: 'list',
        ordered: true,
        start: 3,
        items: [
          { text: 'Grading', depth: 0 },
          { text: 'Labs', depth: 0 },
        ],
      },
      {
        kind: 'list',
        ordered: false,
        start: 1,
        items: [{ text: 'safety first goggles on', depth: 1 }],
      },
    ]);
  });

  it('items of one list may be apart; anything else is plain text', () => {
    expect(parseContentText('- a\n\n- b')).toEqual([
      { kind: 'list', ordered: false, start: 1, items: expect.any(Array) },
    ]);
    expect(parseContentText('- a\n\n- b')[0]).toMatchObject({
      items: [{ text: 'a' }, { text: 'b' }],
    });
    // not markdown: no space after #, HTML, a lone pipe
    expect(parseContentText('#hashtag\n<b>x</b>\na|b')).toEqual([
      { kind: 'paragraph', text: '#hashtag\n<b>x</b>\na|b' },
    ]);
    expect(parseContentText('')).toEqual([]);
  });
});
