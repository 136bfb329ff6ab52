import { act, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { makeClass } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

describe("the teacher's shell", () => {
  it('shows toasts at the bottom, never over the header with its bell and user menu (issue 31)', async () => {
    const user = makeUser();
    seedSession(user);
    mockApi({
      'GET /auth/profile': ok({ user }),
      'GET /classes': ok({ classes: [makeClass()], billing_summary: makeUsage() }),
    });
    renderApp('/dashboard');
    await screen.findByRole('link', { name: /Student contact requests/ });
    act(() => void toast.success('Profile updated'));
    const shown = await screen.findByText('Profile updated');
    const toaster = shown.closest('[data-sonner-toaster]');
    expect(toaster).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster).toHaveAttribute('data-x-position', 'right');
  });
});
