import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A box that scrolls sideways when what it holds is wider than the screen (a table on a phone).
 * Only while it does, it is a labelled region that takes keyboard focus (so arrow keys scroll
 * it) with a shaded right edge that shows there is more; content that fits gets none of that.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  /** the region's name, e.g. "Payment history table" */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      role={overflows ? 'region' : undefined}
      aria-label={overflows ? label : undefined}
      tabIndex={overflows ? 0 : undefined}
      className={cn(
        'overflow-x-auto',
        overflows &&
          'rounded-md border border-ink-200 shadow-[inset_-14px_0_10px_-10px_rgb(15_23_42/0.25)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {children}
    </div>
  );
}
