import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, GraduationCap, Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { ClassItem } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { classKeys, useClassList, type ClassList } from '@/lib/api/get-classes';
import { groupClasses } from '@/lib/class-groups';
import { formatUsdExact } from '@/lib/format';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';
import { AddContentModal, ReviewCourseModal, type ReviewView } from '@/features/course-material';
import { updateClass } from './api/update-class';
import { ClassCard } from './class-card';
import { checkClassCreation } from './class-logic';
import { CopyClassModal } from './copy-class-modal';
import { CreateClassWizard } from './create-class-wizard';
import { EditClassModal } from './edit-class-modal';

/**
 * The dashboard's classes (SPEC §2): `heading` beside the Create New Class button, the classes
 * by semester, and the class dialogs. The app places it on the dashboard page.
 */
export function ClassBoard({ heading }: { heading: ReactNode }) {
  const queryClient = useQueryClient();
  const list = useClassList();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [addContentFor, setAddContentFor] = useState<ClassItem | null>(null);
  const [review, setReview] = useState<{ id: string; tab: ReviewView } | null>(null);
  const [copyFor, setCopyFor] = useState<ClassItem | null>(null);
  const [editFor, setEditFor] = useState<{ id: string; menuButton: HTMLElement | null } | null>(
    null,
  );
  const autoOpened = useRef(false);
  /** the wizard on screen opened by itself: closing it has no button to give focus back to */
  const openedByItself = useRef(false);
  const createButton = useRef<HTMLButtonElement>(null);

  const classes = list.data?.classes;
  const usage = list.data?.billing_summary;
  const groups = useMemo(
    () => groupClasses(classes ?? [], usage?.season_name),
    [classes, usage?.season_name],
  );

  // Review Course of a class as the list has it now (its check's counts change as it is checked)
  const reviewFor = review ? (classes?.find((c) => c.id === review.id) ?? null) : null;
  const editing = editFor ? (classes?.find((c) => c.id === editFor.id) ?? null) : null;

  // ?review=<class id>&tab=check (the analytics' "Check them"): that class's Review Course, once
  const [params, setParams] = useSearchParams();
  const linkedReview = params.get('review');
  useEffect(() => {
    if (!linkedReview || !classes) return;
    const tab = params.get('tab');
    if (classes.some((c) => c.id === linkedReview)) {
      setReview({
        id: linkedReview,
        tab: tab === 'check' || tab === 'facts' ? tab : 'content',
      });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('review');
        next.delete('tab');
        return next;
      },
      { replace: true },
    );
  }, [linkedReview, classes, params, setParams]);

  // SPEC §2: the wizard opens by itself when the teacher has no classes yet.
  useEffect(() => {
    if (classes && classes.length === 0 && !autoOpened.current) {
      autoOpened.current = true;
      openedByItself.current = true;
      setWizardOpen(true);
    }
  }, [classes]);

  const toggle = useMutation({
    mutationFn: (item: ClassItem) => updateClass(item.id, { is_active: !item.is_active }),
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
    if (checking) return;
    setChecking(true);
    try {
      if (await checkClassCreation()) {
        openedByItself.current = false;
        setWizardOpen(true);
      }
    } finally {
      setChecking(false);
      void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
    }
  }

  const cost = usage?.next_class_cost ?? 0;

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        {heading}
        {/* busy but not disabled while the plan is checked: a disabled button would drop the
            keyboard focus, and the wizard gives focus back to the button that opened it */}
        <Button
          ref={createButton}
          onClick={() => void openCreate()}
          aria-busy={checking || undefined}
          className="self-start sm:self-auto"
        >
          {checking ? <Spinner size="sm" label={null} /> : <Plus aria-hidden="true" />}
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
                    onReview={(c, tab = 'content') => setReview({ id: c.id, tab })}
                    onCopyClass={setCopyFor}
                    onEditClass={(c, menuButton) => setEditFor({ id: c.id, menuButton })}
                    onToggleActive={(c) => toggle.mutate(c)}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}

      <CreateClassWizard
        open={wizardOpen}
        onOpenChange={setWizardOpen}
        onCloseAutoFocus={(event) => {
          // opened by itself (no classes yet): focus goes to the page's main action, not the page
          if (!openedByItself.current) return;
          event.preventDefault();
          createButton.current?.focus();
        }}
      />
      <AddContentModal classItem={addContentFor} onOpenChange={() => setAddContentFor(null)} />
      <ReviewCourseModal
        classItem={reviewFor}
        initialTab={review?.tab}
        onOpenChange={() => setReview(null)}
      />
      <CopyClassModal classItem={copyFor} onOpenChange={() => setCopyFor(null)} />
      <EditClassModal
        classItem={editing}
        returnFocus={editFor?.menuButton}
        onOpenChange={() => setEditFor(null)}
      />
    </>
  );
}

const TOGGLE_FAILED = 'Failed to update class status. Please try again.';
