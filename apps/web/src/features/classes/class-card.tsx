import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  AlertTriangle,
  BarChart3,
  CalendarClock,
  Check,
  Copy,
  CreditCard,
  Eye,
  FilePlus2,
  FileText,
  History,
  Link2,
  ListChecks,
  MessageSquare,
  MoreHorizontal,
  Pencil,
  Power,
  Users,
} from 'lucide-react';
import type { ClassItem } from '@app/contracts';
import type { ReviewView } from '@/features/course-material';
import { DatedKindBadge } from '@/components/dates/dated-kind-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatCalendarDay } from '@/lib/dates';
import { cn } from '@/lib/utils';

export const COPIED_FEEDBACK_MS = 2_000;

export function shareLink(item: ClassItem): string {
  return `${window.location.origin}/chat/${item.chat_uuid}`;
}

export function ClassCard({
  item,
  toggling,
  onAddContent,
  onReview,
  onCopyClass,
  onEditClass,
  onToggleActive,
}: {
  item: ClassItem;
  toggling: boolean;
  onAddContent(item: ClassItem): void;
  /** Review Course, on its first tab or the one given */
  onReview(item: ClassItem, tab?: ReviewView): void;
  onCopyClass(item: ClassItem): void;
  /** Edit class; `menuButton` is where focus goes back when the dialog closes */
  onEditClass(item: ClassItem, menuButton: HTMLButtonElement | null): void;
  onToggleActive(item: ClassItem): void;
}) {
  const navigate = useNavigate();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const titleId = `class-${item.id}`;
  const inactive = !item.is_active;

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(shareLink(item));
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    } catch (error) {
      console.error('Copying the share link failed', error);
      window.prompt('Copy this link for your students:', shareLink(item));
    }
  }

  const term = item.semester && item.year ? `${item.semester} ${item.year}` : null;

  return (
    <article
      aria-labelledby={titleId}
      className="@container relative flex flex-col rounded-xl border border-ink-200 bg-white shadow-card"
    >
      <div
        className={cn('flex flex-1 flex-col', inactive && 'opacity-25 grayscale')}
        inert={inactive}
      >
        <div className="flex items-start gap-3 p-5 pb-4">
          <div className="min-w-0 flex-1">
            {/* a long name wraps to two lines; the rest is in the tooltip and the card's name */}
            <h3
              id={titleId}
              title={item.class_name}
              className="line-clamp-2 text-base font-semibold break-words text-ink-900"
            >
              {item.class_name}
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-600">
              {item.course_code ? <Badge variant="brand">{item.course_code}</Badge> : null}
              {term ? <span>{term}</span> : null}
            </p>
          </div>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                ref={menuButton}
                variant="ghost"
                size="icon-sm"
                aria-label={`More actions for ${item.class_name}`}
              >
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => onEditClass(item, menuButton.current)}>
                <Pencil aria-hidden="true" /> Edit class
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => navigate(`/analytics?class_id=${item.id}`)}>
                <BarChart3 aria-hidden="true" /> View analytics
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => navigate(`/chat-history?class=${item.id}`)}>
                <History aria-hidden="true" /> Chat history
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => onCopyClass(item)}>
                <Copy aria-hidden="true" /> Copy class
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => navigate('/billing')}>
                <CreditCard aria-hidden="true" /> Upgrade plan
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => onToggleActive(item)} disabled={toggling}>
                <Power aria-hidden="true" /> Deactivate
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>

        <dl className="mx-5 grid grid-cols-3 divide-x divide-ink-100 rounded-lg bg-ink-50 py-2.5 text-center">
          <Stat icon={Users} label="Est. students" value={item.student_size ?? '—'} />
          <Stat icon={MessageSquare} label="Questions" value={item.question_count} />
          <Stat icon={FileText} label="Content" value={item.content_count} />
        </dl>

        <NextDate item={item} />
        <CheckSummary item={item} onCheck={() => onReview(item, 'check')} />

        {/* two buttons a row only when the card is wide enough for "Review course" */}
        <div className="mt-auto grid grid-cols-1 gap-2 p-5 pt-4 @[21rem]:grid-cols-2">
          <Button size="sm" className="px-2" onClick={() => onAddContent(item)}>
            <FilePlus2 aria-hidden="true" /> Add content
          </Button>
          <Button size="sm" variant="outline" className="px-2" onClick={() => onReview(item)}>
            <Eye aria-hidden="true" /> Review course
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="@[21rem]:col-span-2"
            onClick={() => void copyLink()}
            disabled={inactive}
            aria-label={copied ? 'Copied!' : `Copy link: share link for ${item.class_name}`}
          >
            {copied ? (
              <Check aria-hidden="true" className="text-success-600" />
            ) : (
              <Link2 aria-hidden="true" />
            )}
            {copied ? 'Copied!' : 'Copy link'}
          </Button>
        </div>
      </div>

      {inactive ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-xl bg-white/70 p-4 text-center backdrop-blur-[1px]">
          <p className="text-sm font-semibold text-ink-900">
            {item.class_name} is inactive
            <span className="block font-normal text-ink-700">
              Students can’t use its chat link.
            </span>
          </p>
          <Button size="sm" onClick={() => onToggleActive(item)} loading={toggling}>
            <Power aria-hidden="true" /> Reactivate Class
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** The class's next dated item (issue 30): "Next: Midterm 1 · Tue, Oct 14", then its kind. */
function NextDate({ item }: { item: ClassItem }) {
  const next = item.next_date;
  if (!next) return null;
  return (
    <p className="mx-5 mt-3 flex items-start gap-1.5 text-sm text-ink-700">
      <CalendarClock className="mt-0.5 size-4 shrink-0 text-ink-500" aria-hidden="true" />
      {/* one flow: the day and the badge wrap as words do, each kept whole */}
      <span className="min-w-0 flex-1 break-words">
        Next: <span className="font-semibold text-ink-900">{next.title}</span> ·{' '}
        <time dateTime={next.date} className="whitespace-nowrap">
          {formatCalendarDay(next.date)}
        </time>{' '}
        <DatedKindBadge kind={next.kind} className="align-[0.0625rem]" />
      </span>
    </p>
  );
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * How far the teacher has checked the assistant (issue 29): "Assistant checked: 12 of 20 · 2 need
 * a new look", and, when students asked standard questions not checked yet, a way to check them.
 */
function CheckSummary({ item, onCheck }: { item: ClassItem; onCheck(): void }) {
  const { checked, total, needs_review: toReview, asked_unchecked: asked } = item.assistant_check;
  if (total <= 0) return null;
  return (
    <div className="mx-5 mt-3 space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-ink-700">
        <ListChecks className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
        <span>
          Assistant checked:{' '}
          <span className="font-semibold text-ink-900">
            {checked} of {total}
          </span>
        </span>
        {toReview > 0 ? (
          // a badge of its own: it reads as one wherever the line wraps
          <Badge variant="warning">
            <AlertTriangle aria-hidden="true" />
            <span className="sr-only">· </span>
            {toReview} {toReview === 1 ? 'needs' : 'need'} a new look
          </Badge>
        ) : null}
      </p>
      {asked > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 rounded-lg bg-brand-50 px-3 py-2 text-brand-900 ring-1 ring-brand-200 ring-inset">
          <p className="min-w-0">
            Students asked {plural(asked, 'question', 'questions')} you haven’t checked
          </p>
          <Button
            variant="link"
            size="sm"
            className="font-semibold"
            onClick={onCheck}
            aria-label={`Check them: questions students asked in ${item.class_name}`}
          >
            Check them
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
}: {
  icon: typeof Users;
  label: string;
  value: number | string;
}) {
  return (
    <div className="flex flex-col items-center gap-0.5 px-2">
      <dt className="flex items-center gap-1 text-xs text-ink-600">
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </dt>
      <dd className="text-base font-semibold text-ink-900">{value}</dd>
    </div>
  );
}
