import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Clock, PartyPopper, X } from 'lucide-react';
import { TRIAL_DAYS } from '@app/contracts';
import { useAuth } from '@/lib/auth';
import { formatLongDate } from '@/lib/format';

/**
 * The dashboard: the post-payment welcome, then the teacher's classes. The app passes the
 * classes in (`renderClasses`, given the page's heading), as it composes features.
 */
export function DashboardPage({
  renderClasses,
  hasClasses,
  trialCancelled = false,
}: {
  renderClasses(heading: ReactNode): ReactNode;
  /** whether the teacher has a class yet (undefined while the list loads) */
  hasClasses?: boolean;
  /** the plan was cancelled during the trial: it ends with the trial (issue 31) */
  trialCancelled?: boolean;
}) {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [dismissed, setDismissed] = useState(false);
  const welcome = params.get('welcome') === 'true' && !dismissed;
  const updateTimeout = params.get('error') === 'update_timeout' && !dismissed;
  const trialEnds =
    user?.subscription_status === 'trialing' ? formatLongDate(user.trial_end) : null;

  return (
    <div className="space-y-6">
      {welcome || updateTimeout ? (
        <WelcomeBanner
          firstName={user?.first_name}
          trialEnds={trialEnds}
          hasClasses={hasClasses}
          showWelcome={welcome}
          updateTimeout={updateTimeout}
          onDismiss={() => {
            setDismissed(true);
            // the post-payment parameters are one-time: a reload should not bring the banner back
            setParams({}, { replace: true });
          }}
        />
      ) : null}

      {renderClasses(
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-ink-900">
            {user ? `${welcome ? 'Welcome' : 'Welcome back'}, ${user.first_name}` : 'Your classes'}
          </h2>
          <p className="mt-1 text-sm text-ink-600">
            {trialEnds && !welcome
              ? trialCancelled
                ? `Your plan is cancelled: it ends with your free trial on ${trialEnds}.`
                : `Your free trial runs until ${trialEnds}.`
              : 'Your classes for each semester appear here.'}
          </p>
        </div>,
      )}
    </div>
  );
}

/** After sign-up payment (SPEC §2 /dashboard query: trial=active, welcome=true, error=update_timeout). */
function WelcomeBanner({
  firstName,
  trialEnds,
  hasClasses,
  showWelcome,
  updateTimeout,
  onDismiss,
}: {
  firstName?: string;
  trialEnds: string | null;
  hasClasses?: boolean;
  showWelcome: boolean;
  updateTimeout: boolean;
  onDismiss(): void;
}) {
  return (
    <section
      aria-label="Welcome"
      className="relative overflow-hidden rounded-2xl border border-brand-200 bg-gradient-to-br from-brand-50 via-white to-white p-5 pr-12 shadow-card sm:p-6 sm:pr-14"
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss welcome message"
        className="absolute top-3 right-3 rounded-md p-1.5 text-ink-600 transition-colors hover:bg-ink-100 hover:text-ink-900"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
      <div className="flex gap-4">
        <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white sm:flex">
          <PartyPopper className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 space-y-1.5">
          {showWelcome ? (
            <>
              <h2 className="text-lg font-semibold text-ink-900">
                Your {TRIAL_DAYS}-day free trial has started
              </h2>
              <p className="text-sm leading-relaxed text-ink-700">
                Welcome to Syllabot{firstName ? `, ${firstName}` : ''}!{' '}
                {trialEnds ? `Your trial runs until ${trialEnds}. ` : ''}
                {hasClasses
                  ? "Share each class's chat link with your students."
                  : hasClasses === false
                    ? 'Create your first class, upload your syllabus and share the chat link with your students.'
                    : null}
              </p>
            </>
          ) : null}
          {updateTimeout ? (
            <p className="flex items-start gap-2 text-sm text-ink-700">
              <Clock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                Your subscription status may take a moment to update. If something looks out of
                date, refresh the page in a minute.
              </span>
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
