/** "September 4, 2025", or null for a missing or unreadable date. */
export function formatLongDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(date);
}

/** "Sep 4, 2025", or null for a missing or unreadable date. */
export function formatShortDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date);
}

/**
 * A whole number with commas between thousands, as en-US writes it: "1,000". Written out rather
 * than through Intl, whose first use on a page loads its locale data (about 20 ms on a laptop,
 * several times that on a phone): the public pages format numbers in their first render.
 */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "$18", "$6.50": cents only when there are some (prices). */
export function formatUsd(amount: number): string {
  return usd(amount, !Number.isInteger(amount));
}

/** Always two decimals: "$6.00" (amounts to be charged). */
export function formatUsdExact(amount: number): string {
  return usd(amount, true);
}

function usd(amount: number, withCents: boolean): string {
  const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.');
  return `${amount < 0 ? '-' : ''}$${formatCount(Number(whole))}${withCents ? `.${cents}` : ''}`;
}

/** "840 B"-free sizes: "0.8 KB", "12.5 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.max(0.1, kb).toFixed(1)} KB`;
  return `${(kb / 1024).toFixed(1)} MB`;
}
