import { useEffect } from 'react';
import { AlertCircle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** SPEC §8: load failures in the chat screens are only logged — once per failure. */
export function useLogFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(`${what} failed to load`, error);
  }, [error, what]);
}

/** A calm inline note in place of data that did not load, with a way to ask again. */
export function LoadError({
  title,
  onRetry,
  retrying = false,
  className,
}: {
  title: string;
  onRetry(): void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-ink-200 bg-white px-6 py-10 text-center',
        className,
      )}
    >
      <AlertCircle className="size-6 text-ink-500" aria-hidden="true" />
      <div>
        <p className="text-sm font-semibold text-ink-900">{title}</p>
        <p className="mt-1 text-sm text-ink-600">Check your connection, then try again.</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        {retrying ? null : <RefreshCw aria-hidden="true" />}
        Try again
      </Button>
    </div>
  );
}
