import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowRight,
  BookCheck,
  CircleHelp,
  Mail,
  MessagesSquare,
  ThumbsDown,
  Timer,
} from 'lucide-react';
import type { Analytics } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatDuration, percentOf } from '../analytics-format';

interface Stat {
  label: string;
  value: string;
  /** one line under the figure, e.g. a link to the conversations behind it */
  detail: ReactNode;
  icon: LucideIcon;
  tone: string;
}

/** /chats showing only the class's answers students marked not helpful. */
export function notHelpfulHref(classId: string): string {
  return `/chats?class=${encodeURIComponent(classId)}&filter=not_helpful`;
}

/**
 * The headline figures of the range. "Answered" is the share answered from the material, rated
 * or not; "Marked not helpful" counts students' ratings apart from it (an answer from the
 * material, or one saying the material did not cover it, can be marked not helpful).
 */
export function StatCards({ totals, classId }: { totals: Analytics['totals']; classId: string }) {
  const answeredShare = percentOf(totals.answered, totals.questions);
  const stats: Stat[] = [
    {
      label: 'Questions',
      value: totals.questions.toLocaleString('en-US'),
      detail: 'asked by students',
      icon: MessagesSquare,
      tone: 'bg-brand-50 text-brand-700',
    },
    {
      label: 'Answered',
      value: answeredShare === null ? '—' : `${answeredShare}%`,
      detail: `from the material: ${totals.answered.toLocaleString('en-US')} of ${totals.questions.toLocaleString('en-US')}`,
      icon: BookCheck,
      tone: 'bg-success-50 text-success-700',
    },
    {
      label: 'Not covered',
      value: totals.not_answered.toLocaleString('en-US'),
      detail: 'not in the material',
      icon: CircleHelp,
      tone: 'bg-warning-50 text-warning-800',
    },
    {
      label: 'Marked not helpful',
      value: totals.not_helpful.toLocaleString('en-US'),
      detail:
        totals.not_helpful > 0 ? (
          <Link
            to={notHelpfulHref(classId)}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Review answers<span className="sr-only"> marked not helpful</span>
            <ArrowRight className="size-3.5" aria-hidden="true" />
          </Link>
        ) : (
          'by students'
        ),
      icon: ThumbsDown,
      tone: totals.not_helpful > 0 ? 'bg-warning-50 text-warning-800' : 'bg-ink-100 text-ink-700',
    },
    {
      label: 'Contact requests',
      value: totals.contact_requests.toLocaleString('en-US'),
      detail: `${totals.pending_requests.toLocaleString('en-US')} pending`,
      icon: Mail,
      tone:
        totals.pending_requests > 0 ? 'bg-danger-50 text-danger-700' : 'bg-ink-100 text-ink-700',
    },
    {
      label: 'Response time',
      value: formatDuration(totals.avg_response_time_ms),
      detail: 'on average',
      icon: Timer,
      tone: 'bg-ink-100 text-ink-700',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 2xl:grid-cols-6">
      {stats.map((stat) => (
        <Card key={stat.label} className="flex min-w-0 flex-col gap-3 p-4 sm:p-5">
          <dt className="flex items-start justify-between gap-2 text-sm font-medium text-ink-600">
            <span>{stat.label}</span>
            <span
              aria-hidden="true"
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-lg',
                stat.tone,
              )}
            >
              <stat.icon className="size-4" />
            </span>
          </dt>
          <dd className="mt-auto">
            <span className="block text-2xl font-bold tracking-tight text-ink-900 tabular-nums">
              {stat.value}
            </span>
            <span className="mt-0.5 block text-xs text-ink-600">{stat.detail}</span>
          </dd>
        </Card>
      ))}
    </dl>
  );
}
