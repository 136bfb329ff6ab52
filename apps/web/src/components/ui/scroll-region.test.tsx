import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRegion } from './scroll-region';

function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => vi.restoreAllMocks());

describe('ScrollRegion', () => {
  it('content that fits: a plain box, not a region, not focusable', () => {
    widths(300, 300);
    render(
      <ScrollRegion label="Payments table">
        <table />
      </ScrollRegion>,
    );
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('content wider than the screen: a labelled region that takes keyboard focus', () => {
    widths(540, 310);
    render(
      <ScrollRegion label="Payments table">
        <table />
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Payments table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('overflow-x-auto', 'border');
  });
});
