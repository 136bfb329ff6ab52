import { Link } from 'react-router';
import { PRODUCT_NAME } from '@/lib/constants';
import { cn } from '@/lib/utils';

/** The Syllabot mark: an open book inside a speech bubble. Decorative. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn('size-8', className)}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="9" className="fill-brand-600" />
      <path
        d="M8 10.5c2.6-.9 5.2-.7 8 .8 2.8-1.5 5.4-1.7 8-.8v10.2c-2.6-.9-5.2-.7-8 .8-2.8-1.5-5.4-1.7-8-.8z"
        fill="none"
        stroke="white"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M16 11.3v10.2" stroke="white" strokeWidth="1.8" />
      <circle cx="24.5" cy="24.5" r="3.5" className="fill-accent-400" />
    </svg>
  );
}

export function Logo({
  to = '/',
  className,
  tone = 'dark',
  compact = false,
}: {
  to?: string;
  className?: string;
  tone?: 'dark' | 'light';
  /** Only the mark on narrow screens (below 460 px); the name stays the link's label. */
  compact?: boolean;
}) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex shrink-0 items-center gap-2.5 rounded-md text-lg font-bold tracking-tight',
        tone === 'dark' ? 'text-ink-900' : 'text-white focus-visible:outline-white',
        className,
      )}
      aria-label={`${PRODUCT_NAME} home`}
    >
      <LogoMark />
      <span className={compact ? 'hidden min-[460px]:inline' : undefined}>{PRODUCT_NAME}</span>
    </Link>
  );
}
