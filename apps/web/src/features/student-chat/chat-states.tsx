import { Link2Off, Lock, WifiOff } from 'lucide-react';
import { CHAT_MESSAGES } from '@app/contracts';
import { StatusCard } from '@/components/layout/status-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

const INACTIVE_TITLE = 'Class Temporarily Unavailable';

/** The chat's shape in grey while the session loads. */
export function ChatSkeleton() {
  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <div role="status" className="sr-only">
        Loading class chat
      </div>
      <div className="border-b border-ink-200 bg-white">
        <div className="mx-auto max-w-3xl space-y-3 px-4 py-5 sm:px-6">
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <div className="mx-auto w-full max-w-3xl flex-1 space-y-5 px-4 py-6 sm:px-6">
        <Skeleton className="ml-auto h-10 w-3/5 rounded-2xl" />
        <Skeleton className="h-24 w-4/5 rounded-2xl" />
      </div>
      <div className="border-t border-ink-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-3 sm:px-6">
          <Skeleton className="h-11 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}

export function SessionError({
  title,
  detail,
  retrying,
  onRetry,
}: {
  title: string;
  detail: string | null;
  retrying: boolean;
  onRetry(): void;
}) {
  return (
    <StatusCard
      role="alert"
      icon={WifiOff}
      iconClassName="bg-danger-50 text-danger-600"
      title={title}
      description={detail}
    >
      <Button size="lg" className="mt-6 w-full" loading={retrying} onClick={onRetry}>
        Try Again
      </Button>
    </StatusCard>
  );
}

/** A share link no class has (never made, mistyped or replaced): nothing to try again. */
export const UNKNOWN_LINK_TITLE = 'This chat link does not exist';
export const UNKNOWN_LINK_DETAIL =
  'Check the link with your teacher: it may be mistyped, or your teacher may have shared a new one.';

export function UnknownLink() {
  return (
    <StatusCard
      icon={Link2Off}
      iconClassName="bg-ink-100 text-ink-600"
      title={UNKNOWN_LINK_TITLE}
      description={UNKNOWN_LINK_DETAIL}
    />
  );
}

export function InactiveClass() {
  return (
    <StatusCard
      icon={Lock}
      iconClassName="bg-warning-50 text-warning-800"
      title={INACTIVE_TITLE}
      description={CHAT_MESSAGES.inactivePage}
    />
  );
}
