import { useEffect, useState } from 'react';
import { Mail } from 'lucide-react';
import type { ClassItem, ConversationFilter } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ClassGroup } from '@/lib/class-groups';
import { useEmailRequests } from './api/get-email-requests';
import { ClassesLoadError, NoClasses, PageSkeleton } from './class-states';
import { ClassSelect } from './class-select';
import { pickClass } from './class-selection';
import { classFacts } from './class-sidebar';
import { ContactRequestsPanel } from './contact-requests-panel';
import { FILTER_PARAM, filterParam, parseFilter } from './conversation-filter';
import { ConversationList } from './conversation-list';
import { StudentLinkPanel } from './student-link-panel';
import { useTeacherClasses } from './use-teacher-classes';
import { useUrlParams } from './use-url-params';

/** `?class=`, as on /chats; `?class_id=` (the name links used first) is still understood. */
const CLASS_PARAM = 'class';
const OLD_CLASS_PARAM = 'class_id';

/**
 * /chat-history: one class's conversations; `?class=` picks the class and follows the picker,
 * `?filter=` narrows the list (not_helpful, not_covered).
 */
export function ChatHistoryPage() {
  const { list, groups } = useTeacherClasses();
  const [params, replaceParams] = useUrlParams();
  const requested = params.get(CLASS_PARAM) ?? params.get(OLD_CLASS_PARAM);
  const selected = pickClass(groups, requested);
  const showClass = (classId: string) =>
    replaceParams({ [CLASS_PARAM]: classId, [OLD_CLASS_PARAM]: null });
  const filter = parseFilter(params.get(FILTER_PARAM));
  const showFilter = (next: ConversationFilter) => replaceParams(filterParam(next));
  // the URL names the class shown (one change: React Router applies one per render)
  const inUrl = params.get(CLASS_PARAM);
  const oldLink = params.get(OLD_CLASS_PARAM) !== null;
  useEffect(() => {
    if (selected && (inUrl !== selected.id || oldLink))
      replaceParams({ [CLASS_PARAM]: selected.id, [OLD_CLASS_PARAM]: null });
  }, [selected, inUrl, oldLink, replaceParams]);

  if (list.isPending) return <PageSkeleton withSidebar={false} />;
  if (list.isError) {
    return <ClassesLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }
  if (!selected) return <NoClasses />;
  return (
    <ClassHistory
      key={selected.id}
      classItem={selected}
      groups={groups}
      onSelect={showClass}
      filter={filter}
      onFilter={showFilter}
    />
  );
}

function ClassHistory({
  classItem,
  groups,
  onSelect,
  filter,
  onFilter,
}: {
  classItem: ClassItem;
  groups: ClassGroup[];
  onSelect(classId: string): void;
  filter: ConversationFilter;
  onFilter(filter: ConversationFilter): void;
}) {
  const [requestsOpen, setRequestsOpen] = useState(false);
  const requests = useEmailRequests(classItem.id);
  const unanswered = requests.data?.unanswered ?? 0;

  return (
    <div className="space-y-5">
      <section
        aria-labelledby="class-title"
        className="flex flex-col gap-3 rounded-xl border border-ink-200 bg-white p-4 shadow-card sm:p-5 md:flex-row md:items-end md:gap-6"
      >
        <h2 id="class-title" className="sr-only">
          {classItem.class_name}
        </h2>
        <ClassSelect groups={groups} value={classItem.id} onChange={onSelect} className="md:w-96" />
        <p className="flex items-center gap-2 text-sm text-ink-600 md:pb-2.5">
          {classItem.is_active ? null : <Badge variant="danger">Inactive</Badge>}
          {classFacts(classItem)}
        </p>
      </section>

      <StudentLinkPanel classItem={classItem} />

      <div>
        <Button
          variant={requestsOpen ? 'secondary' : 'outline'}
          aria-expanded={requestsOpen}
          aria-controls={requestsOpen ? 'email-requests' : undefined}
          onClick={() => setRequestsOpen((open) => !open)}
        >
          <Mail aria-hidden="true" />
          Email Requests
          {unanswered > 0 ? (
            <Badge variant="count">
              {unanswered}
              <span className="sr-only"> unanswered</span>
            </Badge>
          ) : null}
        </Button>
      </div>
      {requestsOpen ? (
        <div id="email-requests">
          <ContactRequestsPanel classId={classItem.id} title="Email Requests" />
        </div>
      ) : null}

      <ConversationList
        classId={classItem.id}
        showResponseTime={false}
        filter={filter}
        onFilterChange={onFilter}
      />
    </div>
  );
}
