import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Clock, GraduationCap, PartyPopper, Plus, X } from 'lucide-react';
import { toast } from 'sonner';
import { TRIAL_DAYS, type ClassItem } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { AddContentModal } from '@/features/classes/add-content-modal';
import { ClassCard } from '@/features/classes/class-card';
import { checkClassCreation } from '@/features/classes/class-logic';
import { CopyClassModal } from '@/features/classes/copy-class-modal';
import { CreateClassWizard } from '@/features/classes/create-class-wizard';
import { ReviewCourseModal } from '@/features/classes/review-course-modal';
import { errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { SHELL_SUMMARY_KEY } from '@/lib/billing-api';
import { groupClasses } from '@/lib/class-groups';
import { classKeys, classesApi, useClassList, type ClassList } from '@/lib/classes-api';
import { formatLongDate, formatUsdExact } from '@/lib/format';

export function DashboardPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [dismissed, setDismissed] = useState(false);
  const welcome = params.get('welcome') === 'true' && !dismissed;
  const updateTimeout = params.get('error') === 'update_timeout' && !dismissed;
  const trialEnds =
    user?.subscription_status === 'trialing' ? formatLongDate(user.trial_end) : null;

  const queryClient = useQueryClient();
  const list = useClassList();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [addContentFor, setAddContentFor] = useState<ClassItem | null>(null);
  const [reviewFor, setReviewFor] = useState<ClassItem | null>(null);
  const [copyFor, setCopyFor] = useState<ClassItem | null>(null);
  const autoOpened = useRef(false);

  const classes = list.data?.classes;
  const usage = list.data?.billing_summary;
  const groups = useMemo(
    () => groupClasses(classes ?? [], usage?.season_name),
    [classes, usage?.season_name],
  );

  // SPEC §2: the wizard opens by itself when the teacher has no classes yet.
  useEffect(() => {
    if (classes && classes.length === 0 && !autoOpened.current) {
      autoOpened.current = true;
      setWizardOpen(true);
    }
  }, [classes]);

  const toggle = useMutation({
    mutationFn: (item: ClassItem) => classesApi.update(item.id, { is_active: !item.is_active }),
    onSuccess: (updated) => {
      queryClient.setQueryData<ClassList>(classKeys.list, (old) =>
        old
          ? {
              ...old,
              classes: old.classes.map((c) =>
                c.id === updated.id ? { ...c, is_active: updated.is_active } : c,
              ),
            }
          : old,
      );
    },
    onError: () => {
      toast.error(TOGGLE_FAILED);
    },
  });

  async function openCreate() {
    setChecking(true);
    try {
      if (await checkClassCreation()) setWizardOpen(true);
    } finally {
      setChecking(false);
      void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
    }
  }

  const cost = usage?.next_class_cost ?? 0;

  return (
    <div className="space-y-6">
      {welcome || updateTimeout ? (
        <WelcomeBanner
          firstName={user?.first_name}
          trialEnds={trialEnds}
          showWelcome={welcome}
          updateTimeout={updateTimeout}
          onDismiss={() => {
            setDismissed(true);
            // the post-payment parameters are one-time: a reload should not bring the banner back
            setParams({}, { replace: true });
          }}
        />
      ) : null}

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-ink-900">
            {user ? `${welcome ? 'Welcome' : 'Welcome back'}, ${user.first_name}` : 'Your classes'}
          </h2>
          <p className="mt-1 text-sm text-ink-600">
            {trialEnds && !welcome
              ? `Your free trial runs until ${trialEnds}.`
              : 'Your classes for each semester appear here.'}
          </p>
        </div>
        <Button
          onClick={() => void openCreate()}
          loading={checking}
          className="self-start sm:self-auto"
        >
          {checking ? null : <Plus aria-hidden="true" />}
          Create New Class
          {cost > 0 ? (
            <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-semibold">
              +{formatUsdExact(cost)}
            </span>
          ) : null}
        </Button>
      </div>

      {list.isPending ? (
        <div aria-busy="true" className="space-y-4">
          <span role="status" className="sr-only">
            Loading classes
          </span>
          <Skeleton className="h-6 w-40" />
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-56 rounded-xl" />
            ))}
          </div>
        </div>
      ) : list.isError ? (
        <section
          role="alert"
          className="flex flex-col items-center rounded-2xl border border-danger-200 bg-danger-50 px-6 py-10 text-center"
        >
          <AlertTriangle className="size-8 text-danger-600" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold text-danger-700">Failed to fetch classes.</h2>
          <p className="mt-1 text-sm text-danger-700">{errorText(list.error, '')}</p>
          <Button variant="outline" className="mt-4" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </section>
      ) : groups.length === 0 ? (
        <EmptyState
          icon={GraduationCap}
          title="No Classes Yet"
          description="Create a class, upload your syllabus and course materials, then share the chat link with your students."
          action={
            <Button size="lg" onClick={() => void openCreate()} loading={checking}>
              {checking ? null : <Plus aria-hidden="true" />}
              Create Your First Class
            </Button>
          }
        />
      ) : (
        <div className="space-y-8">
          {groups.map((group) => (
            <section
              key={group.key}
              aria-labelledby={`group-${group.key.replace(/\s+/g, '-')}`}
              className="space-y-3"
            >
              <div className="flex items-center gap-2">
                <h2
                  id={`group-${group.key.replace(/\s+/g, '-')}`}
                  className="text-lg font-semibold text-ink-900"
                >
                  {group.label}
                </h2>
                {group.isCurrent ? <Badge variant="solid">Current</Badge> : null}
                <span className="text-sm text-ink-600">
                  · {group.classes.length} {group.classes.length === 1 ? 'class' : 'classes'}
                </span>
              </div>
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {group.classes.map((item) => (
                  <ClassCard
                    key={item.id}
                    item={item}
                    toggling={toggle.isPending && toggle.variables?.id === item.id}
                    onAddContent={setAddContentFor}
                    onReview={setReviewFor}
                    onCopyClass={setCopyFor}
                    onToggleActive={(c) => toggle.mutate(c)}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}

      <CreateClassWizard open={wizardOpen} onOpenChange={setWizardOpen} />
      <AddContentModal classItem={addContentFor} onOpenChange={() => setAddContentFor(null)} />
      <ReviewCourseModal classItem={reviewFor} onOpenChange={() => setReviewFor(null)} />
      <CopyClassModal classItem={copyFor} onOpenChange={() => setCopyFor(null)} />
    </div>
  );
}

const TOGGLE_FAILED = 'Failed to update class status. Please try again.';

/** After sign-up payment (SPEC §2 /dashboard query: trial=active, welcome=true, error=update_timeout). */
function WelcomeBanner({
  firstName,
  trialEnds,
  showWelcome,
  updateTimeout,
  onDismiss,
}: {
  firstName?: string;
  trialEnds: string | null;
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
                Create your first class, upload your syllabus and share the chat link with your
                students.
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
