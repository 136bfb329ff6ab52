import { Link2Off, Lock, WifiOff } from 'lucide-react';
import { CHAT_MESSAGES, type InactiveClass } from '@app/contracts';
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

/**
 * The line under a class's name: 'State University · Professor Hopper' ('Professor' and the name
 * held together, so a narrow line never splits them).
 */
export function classByline(cls: InactiveClass): string {
  const teacher = cls.professor.last_name.trim();
  return [cls.school_name?.trim(), teacher ? `Professor\u00a0${teacher}` : null]
    .filter(Boolean)
    .join(' · ');
}

/**
 * SPEC §2: 'Class Temporarily Unavailable', naming the class as its chat's header does when the
 * server said which it is (issue 31, item 4), so a student with several classes knows which one.
 */
export function InactiveClassPage({ cls }: { cls: InactiveClass | null }) {
  const byline = cls ? classByline(cls) : '';
  return (
    <StatusCard
      icon={Lock}
      iconClassName="bg-warning-50 text-warning-800"
      title={INACTIVE_TITLE}
      description={
        <>
          {cls ? (
            <span className="mt-2 mb-4 block rounded-xl border border-ink-200 bg-ink-50 px-4 py-3">
              <span className="block text-base font-semibold break-words text-ink-900">
                {cls.class_name}
              </span>
              {byline ? <span className="mt-0.5 block text-ink-600">{byline}</span> : null}
            </span>
          ) : null}
          {CHAT_MESSAGES.inactivePage}
        </>
      }
    />
  );
}
