import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DesktopSidebar } from './sidebar';

describe('desktop sidebar', () => {
  it('its column runs the whole page height; what is in it stays in view', () => {
    render(
      <MemoryRouter>
        <DesktopSidebar collapsed={false} onToggle={() => {}} />
      </MemoryRouter>,
    );
    const aside = screen.getByRole('complementary');
    // the white column and its border stretch with the page (before: one screen high, h-dvh)
    expect(aside).toHaveClass('self-stretch', 'bg-white', 'border-r');
    expect(aside).not.toHaveClass('h-dvh');
    expect(aside).not.toHaveClass('sticky');
    // the navigation inside sticks to the top of the screen as the page scrolls
    const inside = screen.getByRole('navigation', { name: 'Primary' }).parentElement!;
    expect(inside.parentElement).toBe(aside);
    expect(inside).toHaveClass('sticky', 'top-0', 'h-dvh');
  });
});
