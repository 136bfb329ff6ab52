import { useId, useState, type KeyboardEvent } from 'react';
import { Table2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { countOf, niceMax, tickIndexes } from '../analytics-format';

interface ChartSeries {
  label: string;
  /** the bar and legend colour, a theme class such as bg-brand-600 */
  color: string;
}

interface ChartBar {
  key: string;
  /** on the axis: "Mar 18", "6 AM" */
  label: string;
  /** in tooltips and the table: "Tue, Mar 18, 2025" */
  fullLabel: string;
  /** one value per series, stacked bottom up */
  values: number[];
}

interface BarChartProps {
  title: string;
  description: string;
  series: ChartSeries[];
  bars: ChartBar[];
  /** what a bar counts, singular and plural: ['question', 'questions'] */
  unit: [string, string];
  /** header of the table's first column: 'Day', 'Hour' */
  categoryLabel: string;
  /** shown under the chart until a bar is pointed at */
  summary: string;
  /** indexes of the bars labelled on the axis; default: about five, evenly spaced */
  ticks?: number[];
  className?: string;
}

/**
 * A small stacked bar chart with a table view of the same numbers. The chart is one tab stop:
 * the arrow keys (and Home / End) move through the bars and the line under the chart reads out
 * the bar in focus, as hovering does.
 */
export function BarChart({
  title,
  description,
  series,
  bars,
  unit,
  categoryLabel,
  summary,
  ticks: tickList,
  className,
}: BarChartProps) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const totals = bars.map((bar) => bar.values.reduce((sum, v) => sum + v, 0));
  const top = niceMax(Math.max(0, ...totals));
  const ticks = new Set(tickList ?? tickIndexes(bars.length));

  const describe = (i: number) => {
    const bar = bars[i]!;
    const parts =
      series.length > 1
        ? ` (${series.map((s, k) => `${s.label.toLowerCase()}: ${bar.values[k] ?? 0}`).join(', ')})`
        : '';
    return `${bar.fullLabel}: ${countOf(totals[i]!, ...unit)}${parts}`;
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = bars.length - 1;
    const current = active ?? -1;
    const next = {
      ArrowRight: Math.min(last, current + 1),
      ArrowLeft: current < 0 ? last : Math.max(0, current - 1),
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined || last < 0) return;
    event.preventDefault();
    setActive(next);
  }

  return (
    <Card className={cn('flex min-w-0 flex-col', className)}>
      <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-1 flex-col p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`${id}-title`} className="text-base font-semibold text-ink-900">
              {title}
            </h3>
            <p className="mt-0.5 text-sm text-ink-600">{description}</p>
          </div>
          <Button
            variant="outline"
            size="sm"
            aria-pressed={showTable}
            aria-label={`Table view of ${title.toLowerCase()}`}
            onClick={() => setShowTable((shown) => !shown)}
            className={cn(showTable && 'border-brand-300 bg-brand-50 text-brand-800')}
          >
            <Table2 aria-hidden="true" />
            Table
          </Button>
        </div>

        {series.length > 1 && !showTable ? (
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-700">
            {series.map((s) => (
              <li key={s.label} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={cn('size-2.5 rounded-sm', s.color)} />
                {s.label}
              </li>
            ))}
          </ul>
        ) : null}

        {showTable ? (
          <ChartTable
            title={title}
            categoryLabel={categoryLabel}
            series={series}
            bars={bars}
            totals={totals}
          />
        ) : (
          <>
            <div className="mt-4 flex gap-2">
              <div
                aria-hidden="true"
                className="flex h-44 w-7 shrink-0 flex-col justify-between text-right text-[11px] leading-none text-ink-500 tabular-nums"
              >
                <span>{top}</span>
                <span>{Number.isInteger(top / 2) ? top / 2 : ''}</span>
                <span>0</span>
              </div>
              <div className="min-w-0 flex-1">
                <div
                  role="group"
                  tabIndex={0}
                  aria-label={`${title} chart`}
                  aria-describedby={`${id}-readout ${id}-hint`}
                  onKeyDown={onKeyDown}
                  onBlur={() => setActive(null)}
                  onMouseLeave={() => setActive(null)}
                  className="relative flex h-44 items-end rounded-sm border-b border-ink-300 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
                >
                  <div
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-x-0 top-0 border-t border-dashed border-ink-200"
                  />
                  <div
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-x-0 top-1/2 border-t border-dashed border-ink-200"
                  />
                  <div
                    className={cn(
                      'relative flex h-full w-full items-end',
                      bars.length <= 31 ? 'gap-1' : bars.length <= 90 ? 'gap-px' : 'gap-0',
                    )}
                  >
                    {bars.map((bar, i) => (
                      <div
                        key={bar.key}
                        title={describe(i)}
                        onMouseEnter={() => setActive(i)}
                        className={cn(
                          'flex h-full min-w-0 flex-1 flex-col-reverse items-center rounded-t-sm',
                          active === i && 'bg-ink-100',
                        )}
                      >
                        {bar.values.map((value, k) =>
                          value > 0 ? (
                            <div
                              key={series[k]?.label ?? k}
                              className={cn(
                                'w-full max-w-12 last:rounded-t-sm',
                                series[k]?.color,
                                active !== null && active !== i && 'opacity-60',
                              )}
                              style={{ height: `${(value / top) * 100}%` }}
                            />
                          ) : null,
                        )}
                      </div>
                    ))}
                  </div>
                </div>
                <div
                  aria-hidden="true"
                  className={cn(
                    'mt-1.5 flex h-4 text-[11px] text-ink-500',
                    bars.length <= 31 ? 'gap-1' : bars.length <= 90 ? 'gap-px' : 'gap-0',
                  )}
                >
                  {bars.map((bar, i) => (
                    <div key={bar.key} className="relative min-w-0 flex-1">
                      {ticks.has(i) ? (
                        <span
                          className={cn(
                            'absolute top-0 whitespace-nowrap',
                            i === 0
                              ? 'left-0'
                              : i === bars.length - 1
                                ? 'right-0'
                                : 'left-1/2 -translate-x-1/2',
                          )}
                        >
                          {bar.label}
                        </span>
                      ) : null}
                    </div>
                  ))}
                </div>
              </div>
            </div>
            <p
              id={`${id}-readout`}
              aria-live="polite"
              className="mt-3 min-h-5 text-sm text-ink-700 tabular-nums"
            >
              {active !== null ? describe(active) : summary}
            </p>
            <p id={`${id}-hint`} className="sr-only">
              Use the left and right arrow keys to read each bar, or open the table view.
            </p>
          </>
        )}
      </section>
    </Card>
  );
}

function ChartTable({
  title,
  categoryLabel,
  series,
  bars,
  totals,
}: {
  title: string;
  categoryLabel: string;
  series: ChartSeries[];
  bars: ChartBar[];
  totals: number[];
}) {
  const stacked = series.length > 1;
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`${title} table`}
      className="mt-4 max-h-72 overflow-auto rounded-lg border border-ink-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="sticky top-0 bg-ink-50 text-xs font-semibold text-ink-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              {categoryLabel}
            </th>
            {series.map((s) => (
              <th key={s.label} scope="col" className="px-3 py-2 text-right">
                {s.label}
              </th>
            ))}
            {stacked ? (
              <th scope="col" className="px-3 py-2 text-right">
                Total
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100 tabular-nums">
          {bars.map((bar, i) => (
            <tr key={bar.key}>
              <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap text-ink-800">
                {bar.fullLabel}
              </th>
              {bar.values.map((value, k) => (
                <td key={series[k]?.label ?? k} className="px-3 py-1.5 text-right text-ink-800">
                  {value}
                </td>
              ))}
              {stacked ? (
                <td className="px-3 py-1.5 text-right font-semibold text-ink-900">{totals[i]}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
