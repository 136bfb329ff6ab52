import { describe, expect, it } from 'vitest';
import { formatCount, formatUsd, formatUsdExact } from './format';

describe('formatCount', () => {
  it('writes commas between thousands, as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_000_000, 987_654_321, -1500])
      expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('money', () => {
  it('formatUsd shows cents only when there are some', () => {
    expect(formatUsd(18)).toBe('$18');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(6.5)).toBe('$6.50');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('formatUsdExact always shows two decimals, as Intl writes US dollars', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const amount of [0, 6, 6.5, 18, 135, 1234.5, 1_000_000, 0.01, -6])
      expect(formatUsdExact(amount), String(amount)).toBe(intl.format(amount));
  });
});
