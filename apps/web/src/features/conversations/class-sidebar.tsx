import { useState } from 'react';
import { ChevronRight } from 'lucide-react';
import type { ClassItem } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import type { ClassGroup } from '@/lib/class-groups';
import { cn } from '@/lib/utils';
import { questionTotal, recentEstimate } from './class-selection';
import { plural } from './format';

/**
 * SPEC §2 Chats: classes grouped by semester, each group expandable; the group of the current
 * season (and of the selected class) starts open.
 */
export function ClassSidebar({
  groups,
  selectedId,
  pending,
  onSelect,
}: {
  groups: ClassGroup[];
  selectedId: string | null;
  /** pending contact requests per class id */
  pending?: ReadonlyMap<string, number>;
  onSelect(classId: string): void;
}) {
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = (group: ClassGroup) =>
    toggled[group.key] ?? (group.isCurrent || group.classes.some((c) => c.id === selectedId));

  return (
    <nav aria-label="Classes by semester" className="space-y-2">
      {groups.map((group) => {
        const open = isOpen(group);
        const listId = `semester-${group.key.replace(/\s+/g, '-')}`;
        const total = questionTotal(group);
        return (
          <div key={group.key} className="rounded-xl border border-ink-200 bg-white shadow-card">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setToggled((t) => ({ ...t, [group.key]: !open }))}
              className="flex w-full items-start gap-2 rounded-xl px-3 py-3 text-left transition-colors hover:bg-ink-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <ChevronRight
                className={cn(
                  'mt-0.5 size-4 shrink-0 text-ink-500 transition-transform',
                  open && 'rotate-90',
                )}
                aria-hidden="true"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2">
                  <span className="text-sm font-semibold text-ink-900">{group.label}</span>
                  {group.isCurrent ? <Badge variant="solid">Current</Badge> : null}
                </span>
                <span
                  className="mt-0.5 block text-xs text-ink-600"
                  title="Recent: an estimate, a fifth of the semester's questions"
                >
                  {plural(total, 'question')} · ~{recentEstimate(total).toLocaleString()} recent
                  (est.)
                </span>
              </span>
            </button>
            {open ? (
              <ul id={listId} className="space-y-1 px-2 pb-2">
                {group.classes.map((item) => (
                  <li key={item.id}>
                    <ClassButton
                      item={item}
                      pending={pending?.get(item.id) ?? 0}
                      selected={item.id === selectedId}
                      onSelect={() => onSelect(item.id)}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </nav>
  );
}

function ClassButton({
  item,
  pending,
  selected,
  onSelect,
}: {
  item: ClassItem;
  pending: number;
  selected: boolean;
  onSelect(): void;
}) {
  return (
    <button
      type="button"
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      className={cn(
        'block w-full rounded-lg px-3 py-2.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
        selected ? 'bg-brand-50 ring-1 ring-brand-200 ring-inset' : 'hover:bg-ink-50',
      )}
    >
      <span className="flex items-center gap-2">
        <span
          className={cn(
            'min-w-0 flex-1 truncate text-sm font-medium',
            selected ? 'text-brand-800' : 'text-ink-900',
          )}
        >
          {item.class_name}
        </span>
        {pending > 0 ? (
          <Badge variant="count" title={`${plural(pending, 'contact request')} waiting`}>
            {pending}
            <span className="sr-only">
              {' '}
              {pending === 1 ? 'contact request' : 'contact requests'} waiting
            </span>
          </Badge>
        ) : null}
        {item.is_active ? null : (
          <span className="flex items-center" title="Inactive">
            <span className="size-2 rounded-full bg-danger-600" aria-hidden="true" />
            <span className="sr-only">Inactive</span>
          </span>
        )}
      </span>
      <span className="mt-0.5 block text-xs text-ink-600">{classFacts(item)}</span>
    </button>
  );
}

/** "BIO 101 · 30 students · 12 questions" */
export function classFacts(item: ClassItem): string {
  return [
    item.course_code,
    item.student_size !== null ? plural(item.student_size, 'student') : null,
    plural(item.question_count, 'question'),
  ]
    .filter(Boolean)
    .join(' · ');
}
