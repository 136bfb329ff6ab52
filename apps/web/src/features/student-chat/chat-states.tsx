import { Link2Off, Lock, WifiOff } from 'lucide-react';
import { CHAT_MESSAGES } from '@app/contracts';
import { StatusCard } from '@/components/layout/status-card';
import { Button } from '@/components/ui/button';

const INACTIVE_TITLE = 'Class Temporarily Unavailable';

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
