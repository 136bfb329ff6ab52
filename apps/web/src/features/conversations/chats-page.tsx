import type { ClassItem, ConversationFilter } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { useEmailRequests } from './api/get-email-requests';
import { usePendingByClass } from './api/get-pending-by-class';
import { useUnanswered } from './api/get-unanswered';
import { ClassesLoadError, NoClasses, PageSkeleton } from './class-states';
import { ClassSelect } from './class-select';
import { parseView, pickClass, type ChatView } from './class-selection';
import { ClassSidebar, classFacts } from './class-sidebar';
import { ContactRequestsPanel } from './contact-requests-panel';
import { FILTER_PARAM, filterParam, parseFilter } from './conversation-filter';
import { ConversationList } from './conversation-list';
import { StudentLinkPanel } from './student-link-panel';
import { UnansweredPanel } from './unanswered-panel';
import { useTeacherClasses } from './use-teacher-classes';
import { useClassInUrl, useUrlParams } from './use-url-params';

const CLASS_PARAM = 'class';
const VIEW_PARAM = 'view';

/**
 * /chats (Student Conversations): every class by semester in a sidebar; the chosen class's
 * conversations, contact requests and unanswered questions. `?class=` and `?view=` choose them;
 * `?filter=` narrows the conversations (not_helpful, not_covered).
 */
export function ChatsPage() {
  const { list, groups } = useTeacherClasses();
  const [params, update] = useUrlParams();
  const requested = params.get(CLASS_PARAM);
  const pending = usePendingByClass();
  // without a class in the URL, wait for the pending requests so the first pick is the right one
  const deciding = !requested && pending.isPending;
  const selected = deciding ? null : pickClass(groups, requested, pending.data);
  const view = parseView(params.get(VIEW_PARAM));
  const filter = parseFilter(params.get(FILTER_PARAM));
  useClassInUrl(CLASS_PARAM, selected?.id, update, requested);

  if (list.isPending || (deciding && list.data)) return <PageSkeleton withSidebar />;
  if (list.isError) {
    return <ClassesLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }
  if (!selected) return <NoClasses />;

  return (
    <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <div className="hidden lg:block">
        <ClassSidebar
          groups={groups}
          selectedId={selected.id}
          pending={pending.data}
          onSelect={(id) => update({ [CLASS_PARAM]: id })}
        />
      </div>
      <div className="min-w-0 space-y-5">
        <ClassSelect
          groups={groups}
          value={selected.id}
          onChange={(id) => update({ [CLASS_PARAM]: id })}
          pending={pending.data}
          className="lg:hidden"
        />
        <ClassPane
          key={selected.id}
          classItem={selected}
          view={view}
          onView={(next) => update({ [VIEW_PARAM]: next === 'conversations' ? null : next })}
          filter={filter}
          onFilter={(next) => update(filterParam(next))}
        />
      </div>
    </div>
  );
}

function ClassPane({
  classItem,
  view,
  onView,
  filter,
  onFilter,
}: {
  classItem: ClassItem;
  view: ChatView;
  onView(view: ChatView): void;
  filter: ConversationFilter;
  onFilter(filter: ConversationFilter): void;
}) {
  const requests = useEmailRequests(classItem.id);
  const unanswered = useUnanswered(classItem.id);

  return (
    <>
      <div>
        <h2 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight break-words text-ink-900">
          {classItem.class_name}
          {classItem.is_active ? null : <Badge variant="danger">Inactive</Badge>}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{classFacts(classItem)}</p>
      </div>

      <StudentLinkPanel classItem={classItem} />

      <ViewToggle
        view={view}
        onView={onView}
        requestCount={requests.data?.unanswered ?? 0}
        unansweredCount={unanswered.data?.groups.length ?? 0}
      />

      {view === 'requests' ? (
        <ContactRequestsPanel classId={classItem.id} title="Contact Requests" />
      ) : view === 'unanswered' ? (
        <UnansweredPanel classId={classItem.id} />
      ) : (
        <ConversationList
          classId={classItem.id}
          showResponseTime
          filter={filter}
          onFilterChange={onFilter}
        />
      )}
    </>
  );
}

function ViewToggle({
  view,
  onView,
  requestCount,
  unansweredCount,
}: {
  view: ChatView;
  onView(view: ChatView): void;
  requestCount: number;
  unansweredCount: number;
}) {
  const options: { value: ChatView; label: string; count: number; countLabel: string }[] = [
    { value: 'conversations', label: 'Conversations', count: 0, countLabel: '' },
    { value: 'requests', label: 'Contact Requests', count: requestCount, countLabel: 'unanswered' },
    { value: 'unanswered', label: 'Unanswered', count: unansweredCount, countLabel: 'open' },
  ];
  return (
    <div
      role="group"
      aria-label="View"
      className="grid grid-cols-3 gap-1 rounded-xl border border-ink-200 bg-ink-100/70 p-1 sm:inline-grid"
    >
      {options.map((option) => {
        const active = option.value === view;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onView(option.value)}
            className={cn(
              'flex min-h-9 items-center justify-center gap-1 rounded-lg px-1.5 py-1.5 text-center text-xs leading-tight font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 sm:gap-1.5 sm:px-4 sm:text-sm',
              active ? 'bg-white text-ink-900 shadow-sm' : 'text-ink-600 hover:text-ink-900',
            )}
          >
            {option.label}
            {option.count > 0 ? (
              <Badge
                variant={option.value === 'requests' ? 'count' : 'warning'}
                className="px-1.5 sm:px-2"
              >
                {option.count}
                <span className="sr-only"> {option.countLabel}</span>
              </Badge>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
