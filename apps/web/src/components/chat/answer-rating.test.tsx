import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AnswerRating as Rating } from '@app/contracts';
import { ApiError } from '@/lib/api-client';
import { AnswerRating, RATING_TEXT, ratingErrorText } from './answer-rating';

const group = () => screen.getByRole('group', { name: 'Rate this answer' });
const helpful = () => within(group()).getByRole('button', { name: 'Helpful' });
const notHelpful = () => within(group()).getByRole('button', { name: 'Not helpful' });
/** The polite live region beside the buttons (the thanks, or the reason a rating failed). */
const liveRegion = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('[aria-live="polite"]')!;

/** A save the test settles when it likes. */
function pendingSaves() {
  const saves: { rating: Rating | null; resolve(): void; reject(error: unknown): void }[] = [];
  const onRate = vi.fn(
    (rating: Rating | null) =>
      new Promise<void>((resolve, reject) => {
        saves.push({ rating, resolve, reject });
      }),
  );
  return { onRate, saves };
}

describe('AnswerRating', () => {
  it('is a labelled group of two toggle buttons, neither pressed at first', () => {
    render(<AnswerRating onRate={vi.fn(() => Promise.resolve())} />);
    expect(within(group()).getAllByRole('button')).toHaveLength(2);
    expect(helpful()).toHaveAttribute('aria-pressed', 'false');
    expect(notHelpful()).toHaveAttribute('aria-pressed', 'false');
  });

  it('a prompt (an excerpt\'s "Did this help?") shows before the buttons and names them', async () => {
    const onRate = vi.fn((_rating: Rating | null) => Promise.resolve());
    render(<AnswerRating onRate={onRate} prompt="Did this help?" />);
    const asked = screen.getByRole('group', { name: 'Did this help?' });
    expect(screen.getByText('Did this help?')).toBeVisible();
    expect(screen.queryByRole('group', { name: RATING_TEXT.group })).toBeNull();
    await userEvent.click(within(asked).getByRole('button', { name: 'Helpful' }));
    expect(onRate).toHaveBeenCalledWith('helpful');
  });

  it('one tap rates, the other switches, the chosen one again takes it back', async () => {
    const onRate = vi.fn((_rating: Rating | null) => Promise.resolve());
    const { container } = render(<AnswerRating onRate={onRate} />);

    await userEvent.click(helpful());
    expect(helpful()).toHaveAttribute('aria-pressed', 'true');
    expect(notHelpful()).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(liveRegion(container)).toHaveTextContent(RATING_TEXT.thanksHelpful));

    await userEvent.click(notHelpful());
    expect(helpful()).toHaveAttribute('aria-pressed', 'false');
    expect(notHelpful()).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(liveRegion(container)).toHaveTextContent(RATING_TEXT.thanksNotHelpful),
    );

    await userEvent.click(notHelpful());
    expect(helpful()).toHaveAttribute('aria-pressed', 'false');
    expect(notHelpful()).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(liveRegion(container)).toHaveTextContent(RATING_TEXT.removed));

    expect(onRate.mock.calls.map(([rating]) => rating)).toEqual(['helpful', 'not_helpful', null]);
    // the thanks is for screen readers only
    expect(liveRegion(container).querySelector('.sr-only')).not.toBeNull();
  });

  it('is operable from the keyboard: Tab reaches each button, Enter and Space press it', async () => {
    const onRate = vi.fn((_rating: Rating | null) => Promise.resolve());
    render(<AnswerRating onRate={onRate} />);
    await userEvent.tab();
    expect(helpful()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(helpful()).toHaveAttribute('aria-pressed', 'true');
    await userEvent.tab();
    expect(notHelpful()).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(notHelpful()).toHaveAttribute('aria-pressed', 'true');
    expect(helpful()).toHaveAttribute('aria-pressed', 'false');
    // focus stays where it was: nothing is disabled or re-rendered away
    expect(notHelpful()).toHaveFocus();
    await waitFor(() => expect(onRate).toHaveBeenCalledTimes(2));
  });

  it('shows the rating at once and rolls it back with a short reason when saving fails', async () => {
    const { onRate, saves } = pendingSaves();
    const { container } = render(<AnswerRating onRate={onRate} />);

    await userEvent.click(helpful());
    expect(helpful()).toHaveAttribute('aria-pressed', 'true');
    await act(async () => saves[0]!.resolve());
    await waitFor(() => expect(liveRegion(container)).toHaveTextContent(RATING_TEXT.thanksHelpful));

    await userEvent.click(notHelpful());
    expect(notHelpful()).toHaveAttribute('aria-pressed', 'true');
    await act(async () => saves[1]!.reject(new ApiError('Server error', { status: 500 })));

    // back to what the server last accepted
    expect(helpful()).toHaveAttribute('aria-pressed', 'true');
    expect(notHelpful()).toHaveAttribute('aria-pressed', 'false');
    expect(liveRegion(container)).toHaveTextContent(RATING_TEXT.failed);
    expect(screen.getByText(RATING_TEXT.failed)).toBeVisible();

    // the next tap clears the reason
    await userEvent.click(notHelpful());
    expect(screen.queryByText(RATING_TEXT.failed)).toBeNull();
  });

  it("RATE_LIMITED shows the server's own reason", async () => {
    const detail = 'You are rating a little too quickly. Please wait a moment.';
    const onRate = vi.fn(() =>
      Promise.reject(new ApiError(detail, { status: 429, code: 'RATE_LIMITED' })),
    );
    render(<AnswerRating onRate={onRate} />);
    await userEvent.click(notHelpful());
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(notHelpful()).toHaveAttribute('aria-pressed', 'false');
  });

  it('a 429 that is not RATE_LIMITED is a plain failure: the code decides, not the status', () => {
    const detail = 'Too many requests';
    expect(ratingErrorText(new ApiError(detail, { status: 429 }))).toBe(RATING_TEXT.failed);
    expect(ratingErrorText(new ApiError(detail, { status: 429, code: 'INTERNAL' }))).toBe(
      RATING_TEXT.failed,
    );
    expect(ratingErrorText(new ApiError(detail, { code: 'RATE_LIMITED' }))).toBe(detail);
  });

  it('quick taps send one request at a time, ending on the latest choice', async () => {
    const { onRate, saves } = pendingSaves();
    render(<AnswerRating onRate={onRate} />);

    await userEvent.click(helpful());
    await userEvent.click(notHelpful());
    await userEvent.click(helpful());
    // only the first is on its way; the choice meanwhile went back and forth
    expect(onRate).toHaveBeenCalledTimes(1);
    expect(helpful()).toHaveAttribute('aria-pressed', 'true');

    await act(async () => saves[0]!.resolve());
    // helpful is already saved: nothing more to send
    expect(onRate).toHaveBeenCalledTimes(1);

    await userEvent.click(notHelpful());
    await userEvent.click(notHelpful());
    await act(async () => saves[1]!.resolve());
    // not_helpful was saved, then taken back: the server hears the latest, null
    await waitFor(() => expect(onRate).toHaveBeenCalledTimes(3));
    expect(saves.map((save) => save.rating)).toEqual(['helpful', 'not_helpful', null]);
    await act(async () => saves[2]!.resolve());
    expect(helpful()).toHaveAttribute('aria-pressed', 'false');
    expect(notHelpful()).toHaveAttribute('aria-pressed', 'false');
  });

  it('starts from a rating it is given', () => {
    render(<AnswerRating onRate={vi.fn(() => Promise.resolve())} initial="not_helpful" />);
    expect(notHelpful()).toHaveAttribute('aria-pressed', 'true');
  });
});
