import { describe, expect, it } from 'vitest';
import { findTables, splitPipeRow } from './tables.ts';

const lines = (s: string) => s.split('\n');

describe('findTables', () => {
  it('reads a markdown pipe table: every cell knows its column and row', () => {
    const [t] = findTables(
      lines(
        [
          '| Component | Weight |',
          '| --- | ---: |',
          '| Homework | 25% |',
          '| Final exam | 30% |',
        ].join('\n'),
      ),
    );
    expect(t!.header).toEqual(['Component', 'Weight']);
    expect(t!.rows).toHaveLength(2);
    expect(t!.rows[1]!.cells[1]).toEqual({ text: '30%', column: 'Weight', row: 'Final exam' });
    expect(t!.start).toBe(0);
    expect(t!.end).toBe(4);
  });

  it('reads the `a | b` rows that extraction writes, with a header row when it looks like one', () => {
    const [t] = findTables(
      lines('Intro\nComponent | Weight\nHomework | 25%\nTerm project | 40%\n\nAfter'),
    );
    expect(t!.header).toEqual(['Component', 'Weight']);
    expect(t!.rows.map((r) => r.cells[1]!.text)).toEqual(['25%', '40%']);
    expect(t!.rows[0]!.cells[1]!.column).toBe('Weight');
  });

  it('does not take a data row for a header', () => {
    const [t] = findTables(
      lines(
        'Office | Online hours by appointment, please schedule with me.\nPhone | +1 (518) 387-9866',
      ),
    );
    expect(t!.header).toBeNull();
    expect(t!.rows[0]!.cells[1]).toMatchObject({ row: 'Office', column: null });
  });

  it('joins continuation rows (first cells empty) into the row above', () => {
    const [t] = findTables(
      lines(
        [
          '| Item | Weight | Notes |',
          '|---|---|---|',
          '| Lab work | 40% | Submitted weekly |',
          '| | | One missed lab allowed |',
        ].join('\n'),
      ),
    );
    expect(t!.rows).toHaveLength(1);
    expect(t!.rows[0]!.cells[2]!.text).toBe('Submitted weekly One missed lab allowed');
  });

  it('reads a table whose header row is letters (a horizontal grade scale)', () => {
    const [t] = findTables(
      lines('| A | A- | B+ |\n| --- | --- | --- |\n| 100-93 | 92-90 | 89-87 |'),
    );
    expect(t!.rows[0]!.cells.map((c) => [c.column, c.text])).toEqual([
      ['A', '100-93'],
      ['A-', '92-90'],
      ['B+', '89-87'],
    ]);
  });

  it('reads a pandoc grid table with cells over several lines', () => {
    const text = [
      '+------------+---------+',
      '| Exam       | Date    |',
      '+============+=========+',
      '| Midterm 1  | Oct 20  |',
      '| (in class) |         |',
      '+------------+---------+',
      '| Final exam | Dec 15  |',
      '+------------+---------+',
    ].join('\n');
    const [t] = findTables(lines(text));
    expect(t!.header).toEqual(['Exam', 'Date']);
    expect(t!.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['Midterm 1 (in class)', 'Oct 20'],
      ['Final exam', 'Dec 15'],
    ]);
    expect(t!.rows[0]!.cells[1]).toMatchObject({ column: 'Date', row: 'Midterm 1 (in class)' });
  });

  it('reads a pandoc simple table by its columns, or as label and value once spacing is gone', () => {
    const spaced = [
      'Day        Room',
      '---------- ----------',
      'Monday     Hall 101',
      'Friday     Lab 2',
      '---------- ----------',
    ].join('\n');
    const [a] = findTables(lines(spaced));
    expect(a!.header).toEqual(['Day', 'Room']);
    expect(a!.rows[1]!.cells.map((c) => c.text)).toEqual(['Friday', 'Lab 2']);

    const collapsed = ['----- -----', 'Location Chapel 002', 'Credit Hours 3', '----- -----'].join(
      '\n',
    );
    const [b] = findTables(lines(collapsed), /^(?:credit hours|location)(?=\s)/i);
    expect(b!.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['Location', 'Chapel 002'],
      ['Credit Hours', '3'],
    ]);
  });

  it('ignores prose with a stray pipe and horizontal rules', () => {
    expect(findTables(lines('Some text\n---\nMore text'))).toEqual([]);
    expect(findTables(lines('Phone: 555 | Office Hours: Tue'))).toEqual([]);
  });
});

describe('splitPipeRow', () => {
  it('keeps escaped pipes inside cells', () => {
    expect(splitPipeRow('| a \\| b | c |')).toEqual(['a | b', 'c']);
  });
});
