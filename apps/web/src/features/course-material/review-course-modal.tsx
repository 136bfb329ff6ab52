import { classChoiceName } from '@/lib/class-groups';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  BookOpen,
  Download,
  Eye,
  FileText,
  FolderOpen,
  Loader2,
  Trash2,
  XCircle,
} from 'lucide-react';
import type { ClassItem, ContentItem, ContentOrigin } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatShortDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { downloadText } from './content-files';
import { CONTENT_STATUS_TEXT, isProcessing, pollDelay } from './content-status';
import { ContentText } from './content-text';
import { CourseFactsView } from '@/features/course-facts';
import { AssistantCheck, useAssistantCheckCount } from '@/features/assistant-check';
import { ReviewTabs, type ReviewTab } from './review-tabs';
import { deleteContent } from './api/delete-content';
import { getContent } from './api/get-content';
import { getContents } from './api/get-contents';
import { classKeys } from '@/lib/api/get-classes';
import { contentTypeLabel } from '@/lib/content-types';

export const REVIEW_TEXT = {
  deleteConfirm: 'Are you sure you want to delete this content?',
  viewFailed: (reason: string) => `Failed to load content: ${reason}`,
  downloadFailed: (reason?: string) => `Failed to download content: ${reason || 'Unknown error'}`,
  deleteFailed: (reason?: string) => `Failed to delete content: ${reason || 'Delete failed'}`,
  loadFailed: 'Failed to load course content',
  warningsTitle: 'Text addressed to an AI assistant',
  warningsNote:
    'The assistant never passes these passages to its AI model. If they should not be there, edit the text or upload a corrected file.',
} as const;

/** The tabs of Review Course; `check` is Check your assistant. */
export type ReviewView = 'content' | 'facts' | 'check';

/** Where an item came from when it was not added here: "Shared in Slack · #course-chat". */
export function originText(origin: ContentOrigin) {
  return origin.channel_name ? `Shared in Slack · #${origin.channel_name}` : 'Shared in Slack';
}

const reason = (error: unknown) => (error instanceof Error ? error.message : '');

export function ReviewCourseModal({
  classItem,
  initialTab = 'content',
  onOpenChange,
}: {
  classItem: ClassItem | null;
  /** the tab it opens on (the class card's and the analytics' "Check them" open `check`) */
  initialTab?: ReviewView;
  onOpenChange(open: boolean): void;
}) {
  // the item being read in the viewer; Escape there goes back to the list, not out of the dialog
  const [viewing, setViewing] = useState<ContentItem | null>(null);
  return (
    <Dialog
      open={classItem !== null}
      onOpenChange={(open) => {
        if (!open) setViewing(null);
        onOpenChange(open);
      }}
    >
      <DialogContent
        size="lg"
        onEscapeKeyDown={(event) => {
          if (!viewing) return;
          event.preventDefault();
          setViewing(null);
        }}
      >
        {classItem ? (
          <ReviewBody
            classItem={classItem}
            initialTab={initialTab}
            viewing={viewing}
            onView={setViewing}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ReviewBody({
  classItem,
  initialTab,
  viewing,
  onView: setViewing,
}: {
  classItem: ClassItem;
  initialTab: ReviewView;
  viewing: ContentItem | null;
  onView(item: ContentItem | null): void;
}) {
  const queryClient = useQueryClient();
  // While a file is being read the list refreshes (1 s, backing off to 5 s) until none is.
  const readPolls = useRef(0);
  const query = useQuery({
    queryKey: classKeys.content(classItem.id),
    queryFn: async () => {
      const listed = await getContents(classItem.id);
      readPolls.current = listed.contents.some(isProcessing) ? readPolls.current + 1 : 0;
      return listed;
    },
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.contents.some(isProcessing)
        ? pollDelay(Math.max(0, readPolls.current - 1))
        : false,
  });
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [tab, setTab] = useState<ReviewView>(initialTab);
  // the check's count as the teacher changes it here, else as the class list last said
  const count = useAssistantCheckCount(classItem.id) ?? classItem.assistant_check;
  const tabs: ReviewTab<ReviewView>[] = [
    { value: 'content', label: 'Course content' },
    { value: 'facts', label: 'Course facts' },
    {
      value: 'check',
      label: 'Check your assistant',
      badge:
        count.total > 0 ? (
          <span className="rounded-full bg-ink-200/70 px-1.5 py-px text-xs font-semibold text-ink-700 tabular-nums">
            {count.checked}/{count.total}
            <span className="sr-only"> checked</span>
          </span>
        ) : null,
    },
  ];

  const contents = query.data?.contents ?? [];
  const syllabus = contents.find((c) => c.content_type === 'syllabus') ?? null;
  const additional = contents.filter((c) => c.content_type !== 'syllabus');

  // Once the last file being read is done, the class cards' counts may have changed.
  const reading = contents.some(isProcessing);
  const wasReading = useRef(false);
  useEffect(() => {
    if (wasReading.current && !reading) {
      void queryClient.invalidateQueries({ queryKey: classKeys.list });
    }
    wasReading.current = reading;
  }, [reading, queryClient]);

  // Leaving the viewer (Back, or Escape) puts focus back on the View button that opened it.
  const viewButtons = useRef(new Map<string, HTMLButtonElement>());
  const viewed = useRef<string | null>(null);
  const viewerText = useRef<HTMLDivElement>(null);
  const registerViewButton = useCallback((id: string, button: HTMLButtonElement | null) => {
    if (button) viewButtons.current.set(id, button);
    else viewButtons.current.delete(id);
  }, []);
  useEffect(() => {
    if (viewing) {
      viewed.current = viewing.id;
      viewerText.current?.focus();
    } else if (viewed.current) {
      viewButtons.current.get(viewed.current)?.focus();
      viewed.current = null;
    }
  }, [viewing]);

  async function view(item: ContentItem) {
    setMessage(null);
    setPending(`view:${item.id}`);
    try {
      setViewing((await getContent(item.id)).content);
    } catch (error) {
      setMessage(REVIEW_TEXT.viewFailed(reason(error) || 'Unknown error'));
    } finally {
      setPending(null);
    }
  }

  async function download(item: ContentItem) {
    setMessage(null);
    setPending(`download:${item.id}`);
    try {
      const full = item.content !== null ? item : (await getContent(item.id)).content;
      downloadText(full.title, full.content ?? '');
    } catch (error) {
      setMessage(REVIEW_TEXT.downloadFailed(reason(error)));
    } finally {
      setPending(null);
    }
  }

  async function remove(item: ContentItem) {
    if (!window.confirm(REVIEW_TEXT.deleteConfirm)) return;
    setMessage(null);
    setPending(`delete:${item.id}`);
    try {
      await deleteContent(item.id);
      await query.refetch();
      void queryClient.invalidateQueries({ queryKey: classKeys.list });
    } catch (error) {
      setMessage(REVIEW_TEXT.deleteFailed(reason(error)));
    } finally {
      setPending(null);
    }
  }

  if (viewing) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{viewing.title}</DialogTitle>
          <DialogDescription>
            {contentTypeLabel(viewing.content_type)} · {viewing.word_count.toLocaleString('en-US')}{' '}
            words
          </DialogDescription>
        </DialogHeader>
        <div
          ref={viewerText}
          tabIndex={0}
          aria-label="Content text"
          role="region"
          className="max-h-[55vh] overflow-auto rounded-lg border border-ink-200 bg-ink-50 p-4 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {viewing.content ? (
            <ContentText text={viewing.content} />
          ) : (
            <p className="text-sm text-ink-800">This item has no text.</p>
          )}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={() => setViewing(null)}>
            <ArrowLeft aria-hidden="true" /> Back to course content
          </Button>
          <Button
            variant="secondary"
            onClick={() => downloadText(viewing.title, viewing.content ?? '')}
          >
            <Download aria-hidden="true" /> Download as text
          </Button>
        </div>
      </>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Review Course</DialogTitle>
        <DialogDescription>
          What the assistant knows about {classChoiceName(classItem)}.
        </DialogDescription>
      </DialogHeader>

      <ReviewTabs label="What to review" tabs={tabs} value={tab} onChange={(next) => setTab(next)}>
        {tab === 'facts' ? (
          <CourseFactsView classId={classItem.id} />
        ) : tab === 'check' ? (
          <AssistantCheck classId={classItem.id} />
        ) : (
          <>
            {message ? (
              <Alert variant="danger" className="mb-4">
                {message}
              </Alert>
            ) : null}

            {query.isPending ? (
              <div className="space-y-3" aria-busy="true">
                <Skeleton className="h-20" />
                <Skeleton className="h-16" />
                <Skeleton className="h-16" />
                <span className="sr-only" role="status">
                  Loading course content
                </span>
              </div>
            ) : query.isError ? (
              <div
                role="alert"
                className="rounded-xl border border-danger-200 bg-danger-50 p-6 text-center"
              >
                <h3 className="font-semibold text-danger-700">Error Loading Content</h3>
                <p className="mt-1 text-sm text-danger-700">
                  {reason(query.error) || REVIEW_TEXT.loadFailed}
                </p>
                <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
                  Try Again
                </Button>
              </div>
            ) : contents.length === 0 ? (
              <EmptyState
                icon={FolderOpen}
                headingLevel="h3"
                title="No Content Yet"
                description="Add a syllabus and other course materials to get started."
                className="py-10 sm:py-10"
              />
            ) : (
              <div className="space-y-6">
                <section aria-labelledby="review-syllabus" className="space-y-2">
                  <h3 id="review-syllabus" className="text-sm font-semibold text-ink-900">
                    Syllabus
                  </h3>
                  {syllabus ? (
                    <ContentRow
                      item={syllabus}
                      icon={BookOpen}
                      pending={pending}
                      onView={view}
                      onDownload={download}
                      onViewButton={registerViewButton}
                    />
                  ) : (
                    <p className="rounded-lg border border-dashed border-ink-300 p-4 text-sm text-ink-600">
                      No syllabus yet. Use Add content on the class card to add one.
                    </p>
                  )}
                </section>
                <section aria-labelledby="review-additional" className="space-y-2">
                  <h3 id="review-additional" className="text-sm font-semibold text-ink-900">
                    Additional Content ({additional.length})
                  </h3>
                  {additional.length ? (
                    <ul className="space-y-2">
                      {additional.map((item) => (
                        <li key={item.id}>
                          <ContentRow
                            item={item}
                            icon={FileText}
                            pending={pending}
                            onView={view}
                            onDownload={download}
                            onDelete={remove}
                            onViewButton={registerViewButton}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-sm text-ink-600">No additional content yet.</p>
                  )}
                </section>
              </div>
            )}
          </>
        )}
      </ReviewTabs>
    </>
  );
}

function ContentRow({
  item,
  icon: Icon,
  pending,
  onView,
  onDownload,
  onDelete,
  onViewButton,
}: {
  item: ContentItem;
  icon: typeof FileText;
  pending: string | null;
  onView(item: ContentItem): void;
  onDownload(item: ContentItem): void;
  onDelete?: (item: ContentItem) => void;
  /** each row's View button, by item id, to return focus to */
  onViewButton(id: string, button: HTMLButtonElement | null): void;
}) {
  const added = formatShortDate(item.created_at);
  // Only a file that has been read has text to view or download.
  const ready = item.status === 'ready';
  const failed = item.status === 'failed';
  return (
    <article
      aria-label={item.title}
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-lg border bg-white p-3 sm:flex-row sm:items-center',
        failed ? 'border-danger-200' : 'border-ink-200',
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-lg',
            failed ? 'bg-danger-50 text-danger-700' : 'bg-brand-50 text-brand-700',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p title={item.title} className="line-clamp-2 font-medium break-words text-ink-900">
            {item.title}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-600">
            {item.content_type !== 'syllabus' ? (
              <Badge variant="brand">{contentTypeLabel(item.content_type)}</Badge>
            ) : null}
            {item.status === 'processing' ? (
              <Badge variant="neutral">
                <Loader2 className="animate-spin" aria-hidden="true" />
                {CONTENT_STATUS_TEXT.processing}
              </Badge>
            ) : failed ? (
              <Badge variant="danger">
                <XCircle aria-hidden="true" />
                {CONTENT_STATUS_TEXT.failed}
              </Badge>
            ) : (
              <span>{item.word_count.toLocaleString('en-US')} words</span>
            )}
            {added ? <span>Added {added}</span> : null}
          </p>
          {item.origin ? (
            <p className="mt-0.5 text-xs break-words text-ink-600">{originText(item.origin)}</p>
          ) : null}
          {item.status === 'processing' ? (
            <p className="mt-1 text-xs text-ink-600">
              Being read. The assistant uses it once it is ready.
            </p>
          ) : null}
          {failed ? (
            <p className="mt-1 text-xs break-words text-danger-700">
              {item.status_reason || CONTENT_STATUS_TEXT.failedFallback}
              {onDelete ? '' : ' Add a new syllabus from the class card to replace it.'}
            </p>
          ) : null}
          {item.warnings.length ? (
            <Alert variant="warning" className="mt-2 p-3" title={REVIEW_TEXT.warningsTitle}>
              <ul className="space-y-1 break-words">
                {item.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
              <p className="mt-1 text-xs">{REVIEW_TEXT.warningsNote}</p>
            </Alert>
          ) : null}
        </div>
      </div>
      <div className="-ml-2 flex shrink-0 flex-wrap gap-1 sm:ml-0">
        {ready ? (
          <>
            <Button
              ref={(button) => onViewButton(item.id, button)}
              variant="ghost"
              size="sm"
              aria-label={`View ${item.title}`}
              loading={pending === `view:${item.id}`}
              onClick={() => onView(item)}
            >
              <Eye aria-hidden="true" /> View
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Download ${item.title} as text`}
              loading={pending === `download:${item.id}`}
              onClick={() => onDownload(item)}
            >
              <Download aria-hidden="true" /> Download
            </Button>
          </>
        ) : null}
        {onDelete ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-danger-700 hover:bg-danger-50 hover:text-danger-700"
            aria-label={`Delete ${item.title}`}
            loading={pending === `delete:${item.id}`}
            onClick={() => onDelete(item)}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        ) : null}
      </div>
    </article>
  );
}
