import { classChoiceName } from '@/lib/class-groups';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertTriangle, Download, MessageSquareText, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_RANGES,
  type Analytics,
  type ClassItem,
} from '@app/contracts';
import { NoClassesState } from '@/components/classes/no-classes-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText } from '@/lib/api-client';
import { groupClasses } from '@/lib/class-groups';
import { openingClass } from '@/lib/opening-class';
import { cn } from '@/lib/utils';
import {
  countOf,
  formatDay,
  formatHour,
  formatHourSpan,
  formatTime,
  rangeLabel,
} from './analytics-format';
import { exportConversations, exportFileName } from './api/export-conversations';
import { browserTimeZone, useAnalytics } from './api/get-analytics';
import { BarChart } from './components/bar-chart';
import { CheckedAnswers } from './components/checked-answers';
import { DateQuestions } from './components/date-questions';
import { MaterialUsage } from './components/material-usage';
import { TopQuestions, UnansweredQuestions } from './components/question-lists';
import { StatCards } from './components/stat-cards';
import { useClassList } from '@/lib/api/get-classes';

const EXPORT_FAILED = 'Failed to export conversations';

function parseDays(value: string | null): number {
  const days = Number(value);
  return (ANALYTICS_RANGES as readonly number[]).includes(days) ? days : ANALYTICS_DEFAULT_DAYS;
}

/** /analytics?class_id=&days=: a class's figures, from the dashboard's "View analytics" or the picker. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const list = useClassList();
  const timeZone = useMemo(browserTimeZone, []);
  const days = parseDays(params.get('days'));

  const classes = list.data?.classes;
  const groups = useMemo(
    () => groupClasses(classes ?? [], list.data?.billing_summary.season_name),
    [classes, list.data?.billing_summary.season_name],
  );
  const requested = params.get('class_id');
  // A class id from the link loads at once; without one (or not the teacher's), the class the
  // teacher's pages open on: this term's with questions, else the latest with questions.
  const classId =
    classes === undefined
      ? requested
      : (classes.find((c) => c.id === requested)?.id ??
        openingClass(groups.flatMap((g) => g.classes))?.id ??
        null);
  const selected = classes?.find((c) => c.id === classId);
  const analytics = useAnalytics(classId ? { classId, days, timeZone } : null);

  const update = (key: 'class_id' | 'days', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'days' && value === String(ANALYTICS_DEFAULT_DAYS)) next.delete('days');
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (list.isPending) return <AnalyticsSkeleton withHeader />;
  if (list.isError) {
    return (
      <ErrorPanel
        title="Failed to fetch classes."
        message={errorText(list.error, '')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (!selected) {
    return (
      <NoClassesState description="Analytics show how students use each class assistant. Create a class and share its chat link to get started." />
    );
  }

  return (
    <div className="space-y-6">
      <div className="space-y-4">
        <div className="min-w-0">
          <h2 className="text-2xl font-semibold tracking-tight break-words text-ink-900">
            {selected.class_name}
          </h2>
          <p className="mt-1 text-sm text-ink-600">
            {[selected.course_code, seasonOf(selected)].filter(Boolean).join(' · ')}
            {selected.course_code || seasonOf(selected) ? ' · ' : ''}
            Times in {timeZone.replace(/_/g, ' ')}
            {analytics.data ? (
              <>
                {' · '}
                <span className="whitespace-nowrap">
                  Updated{' '}
                  <time dateTime={analytics.data.counted_at}>
                    {formatTime(analytics.data.counted_at, timeZone)}
                  </time>
                </span>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <div className="min-w-0 sm:w-72">
            <label
              htmlFor="analytics-class"
              className="mb-1.5 block text-sm font-medium text-ink-800"
            >
              Class
            </label>
            <Select
              id="analytics-class"
              value={selected.id}
              onChange={(event) => update('class_id', event.target.value)}
            >
              {groups.map((group) => (
                <optgroup
                  key={group.key}
                  label={group.isCurrent ? `${group.label} (current)` : group.label}
                >
                  {group.classes.map((c) => (
                    <option key={c.id} value={c.id}>
                      {classChoiceName(c)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          </div>
          <RangePicker days={days} onChange={(d) => update('days', String(d))} />
          <ExportButton item={selected} className="sm:ml-auto" />
        </div>
      </div>

      {analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : analytics.isError ? (
        <ErrorPanel
          title="Analytics could not be loaded"
          message={errorText(analytics.error, '')}
          onRetry={() => void analytics.refetch()}
        />
      ) : (
        <div
          aria-busy={analytics.isPlaceholderData}
          className={cn('transition-opacity', analytics.isPlaceholderData && 'opacity-60')}
        >
          {analytics.data.totals.questions === 0 && analytics.data.totals.contact_requests === 0 ? (
            <NoQuestions item={selected} days={days} />
          ) : (
            <Figures data={analytics.data} classId={selected.id} />
          )}
        </div>
      )}
    </div>
  );
}

function seasonOf(item: ClassItem): string {
  return item.semester && item.year ? `${item.semester} ${item.year}` : '';
}

const shortRange = (days: number) => (days === 365 ? '12m' : `${days}d`);

function RangePicker({ days, onChange }: { days: number; onChange(days: number): void }) {
  return (
    <div className="min-w-0">
      <span id="analytics-range" className="mb-1.5 block text-sm font-medium text-ink-800">
        Period
      </span>
      <div
        role="group"
        aria-labelledby="analytics-range"
        className="grid h-10 grid-cols-4 rounded-md border border-ink-300 bg-white p-0.5 shadow-sm"
      >
        {ANALYTICS_RANGES.map((range) => (
          <button
            key={range}
            type="button"
            aria-pressed={range === days}
            // the visible text first (label in name), then what it means
            aria-label={`${shortRange(range)}: ${rangeLabel(range)}`}
            onClick={() => onChange(range)}
            className={cn(
              'rounded-[5px] px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
              range === days ? 'bg-brand-600 text-white' : 'text-ink-700 hover:bg-ink-100',
            )}
          >
            {shortRange(range)}
          </button>
        ))}
      </div>
    </div>
  );
}

function ExportButton({ item, className }: { item: ClassItem; className?: string }) {
  const [exporting, setExporting] = useState(false);
  async function onExport() {
    setExporting(true);
    try {
      await exportConversations(item.id, exportFileName(item.course_code || item.class_name));
    } catch (error) {
      toast.error(`${EXPORT_FAILED}: ${errorText(error, 'Unknown error')}`);
    } finally {
      setExporting(false);
    }
  }
  return (
    <Button
      variant="outline"
      loading={exporting}
      onClick={() => void onExport()}
      className={className}
    >
      {exporting ? null : <Download aria-hidden="true" />}
      Export CSV
    </Button>
  );
}

function Figures({ data, classId }: { data: Analytics; classId: string }) {
  const period = rangeLabel(data.range.days).toLowerCase();
  const busiestDay = maxBy(data.per_day, (d) => d.questions);
  const busiestHour = maxBy(data.by_hour, (h) => h.questions);
  const busiestRequestDay = maxBy(data.contact_requests_per_day, (d) => d.requests);
  // a year of days is labelled by month: "Nov 2025" … "Nov 2026"
  const axisStyle = data.range.days > 90 ? 'month' : 'short';
  const dayBar = (date: string, values: number[]) => ({
    key: date,
    label: formatDay(date, axisStyle),
    fullLabel: formatDay(date, 'long'),
    values,
  });

  return (
    <div className="space-y-6">
      <StatCards totals={data.totals} classId={classId} />
      <div className="grid gap-6 xl:grid-cols-3">
        <BarChart
          className="xl:col-span-2"
          title="Questions per day"
          description={`Answered from the material or not, ${period}`}
          categoryLabel="Day"
          unit={['question', 'questions']}
          series={[
            { label: 'Answered from material', color: 'bg-brand-600' },
            { label: 'Not in material', color: 'bg-accent-500' },
          ]}
          bars={data.per_day.map((d) => dayBar(d.date, [d.answered, d.not_answered]))}
          summary={
            busiestDay && busiestDay.questions > 0
              ? `Busiest day: ${formatDay(busiestDay.date, 'long')} with ${countOf(busiestDay.questions, 'question')}.`
              : 'No questions yet.'
          }
        />
        <BarChart
          title="Busiest hours"
          description="Questions by hour of the day"
          categoryLabel="Hour"
          unit={['question', 'questions']}
          ticks={[0, 6, 12, 18]}
          series={[{ label: 'Questions', color: 'bg-brand-500' }]}
          bars={data.by_hour.map((h) => ({
            key: String(h.hour),
            label: formatHour(h.hour),
            fullLabel: formatHourSpan(h.hour),
            values: [h.questions],
          }))}
          summary={
            busiestHour && busiestHour.questions > 0
              ? `Busiest hour: ${formatHourSpan(busiestHour.hour)}.`
              : 'No questions yet.'
          }
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <TopQuestions questions={data.top_questions} />
        <UnansweredQuestions questions={data.unanswered_questions} classId={classId} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <CheckedAnswers check={data.assistant_check} period={period} classId={classId} />
        <DateQuestions questions={data.date_questions} period={period} />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <MaterialUsage usage={data.content_usage} />
        <BarChart
          title="Contact requests over time"
          description={`Students asking to reach you, ${period}`}
          categoryLabel="Day"
          unit={['request', 'requests']}
          series={[{ label: 'Contact requests', color: 'bg-success-600' }]}
          bars={data.contact_requests_per_day.map((d) => dayBar(d.date, [d.requests]))}
          summary={
            busiestRequestDay && busiestRequestDay.requests > 0
              ? `${countOf(data.totals.contact_requests, 'request')}, ${data.totals.pending_requests.toLocaleString('en-US')} pending.`
              : 'No contact requests in this period.'
          }
        />
      </div>
    </div>
  );
}

function maxBy<T>(items: T[], value: (item: T) => number): T | undefined {
  return items.reduce<T | undefined>(
    (best, item) => (best === undefined || value(item) > value(best) ? item : best),
    undefined,
  );
}

function NoQuestions({ item, days }: { item: ClassItem; days: number }) {
  const link = `${window.location.origin}/chat/${item.chat_uuid}`;
  return (
    <EmptyState
      icon={MessageSquareText}
      title={`No questions in the ${rangeLabel(days).toLowerCase()}`}
      description={
        item.is_active
          ? 'Share the class chat link with your students. Their questions, and these figures, appear here.'
          : 'This class is inactive, so students cannot ask questions. Activate it on the dashboard, then share its chat link.'
      }
    >
      <p className="mt-5 max-w-full rounded-lg border border-ink-200 bg-ink-50 px-3 py-2 font-mono text-xs break-all text-ink-800">
        {link}
      </p>
    </EmptyState>
  );
}

function ErrorPanel({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry(): void;
}) {
  return (
    <section
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-danger-200 bg-danger-50 px-6 py-10 text-center"
    >
      <AlertTriangle className="size-8 text-danger-600" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-danger-700">{title}</h2>
      {message ? <p className="mt-1 text-sm text-danger-700">{message}</p> : null}
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </section>
  );
}

function AnalyticsSkeleton({ withHeader = false }: { withHeader?: boolean }) {
  return (
    <div aria-busy="true" className="space-y-6">
      <span role="status" className="sr-only">
        Loading analytics
      </span>
      {withHeader ? (
        <div className="space-y-4">
          <div className="space-y-2">
            <Skeleton className="h-7 w-64 max-w-full" />
            <Skeleton className="h-4 w-48" />
          </div>
          <Skeleton className="h-10 w-full max-w-xl" />
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 2xl:grid-cols-6">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 xl:grid-cols-3">
        <Skeleton className="h-80 rounded-xl xl:col-span-2" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}
