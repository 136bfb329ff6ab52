import { CalendarDays } from 'lucide-react';
import type { Analytics, DateQuestionKind } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { countOf } from '../analytics-format';

/** Each kind of date question in a teacher's words, with what a student asks. */
export const DATE_QUESTION_LABELS: Record<DateQuestionKind, { label: string; example: string }> = {
  today: { label: 'Today', example: 'Is there class today?' },
  tomorrow: { label: 'Tomorrow', example: 'What’s due tomorrow?' },
  this_week: { label: 'This week', example: 'What’s due this week?' },
  next_week: { label: 'Next week', example: 'What’s happening next week?' },
  weekday: { label: 'A weekday', example: 'Is there class on Monday?' },
  next_exam: { label: 'Next exam', example: 'When is the next exam?' },
};

/**
 * Date questions (issue 30): what students asked about days, by kind, most asked first, each with
 * its count and a bar beside the most asked; an empty state when none were asked in the range.
 */
export function DateQuestions({
  questions,
  period,
}: {
  questions: Analytics['date_questions'];
  /** "last 30 days" */
  period: string;
}) {
  const asked = questions.filter((q) => q.count > 0).sort((a, b) => b.count - a.count);
  const most = Math.max(1, ...asked.map((q) => q.count));
  const total = asked.reduce((sum, q) => sum + q.count, 0);
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="date-questions-title">
        <h3 id="date-questions-title" className="text-base font-semibold text-ink-900">
          Date questions
        </h3>
        <p className="mt-0.5 text-sm text-ink-600">
          {total > 0
            ? `${countOf(total, 'question')} about days and deadlines, ${period}.`
            : `Questions about days and deadlines, ${period}.`}
        </p>
        {asked.length === 0 ? (
          <p className="mt-4 flex items-center gap-2 text-sm text-ink-600">
            <CalendarDays className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
            No date questions in this period.
          </p>
        ) : (
          <ul aria-label="Date questions by kind" className="mt-4 space-y-3">
            {asked.map((q) => {
              const { label, example } = DATE_QUESTION_LABELS[q.kind];
              return (
                <li key={q.kind} className="space-y-1">
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <p className="min-w-0">
                      <span className="font-medium text-ink-900">{label}</span>
                      <span className="text-ink-600">
                        <span aria-hidden="true"> · </span>
                        <span className="sr-only">, such as </span>“{example}”
                      </span>
                    </p>
                    <span className="shrink-0 font-semibold text-ink-900 tabular-nums">
                      {q.count.toLocaleString('en-US')}
                      <span className="sr-only"> {q.count === 1 ? 'question' : 'questions'}</span>
                    </span>
                  </div>
                  <div aria-hidden="true" className="h-2 rounded-full bg-ink-100">
                    <div
                      className="h-2 rounded-full bg-brand-500"
                      style={{ width: `${(q.count / most) * 100}%` }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Card>
  );
}
