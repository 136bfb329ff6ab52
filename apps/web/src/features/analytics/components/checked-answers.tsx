import { Link } from 'react-router';
import { ArrowRight, BadgeCheck, CheckCircle2 } from 'lucide-react';
import type { Analytics } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { countOf } from '../analytics-format';

/** The dashboard opens this class's Review Course on Check your assistant. */
export function checkHref(classId: string): string {
  return `/dashboard?review=${encodeURIComponent(classId)}&tab=check`;
}

/**
 * Check your assistant in the range (issue 29): how many questions were answered from the
 * teacher's checked answers, and the standard questions students asked that are not checked yet,
 * with the way to check them.
 */
export function CheckedAnswers({
  check,
  period,
  classId,
}: {
  check: Analytics['assistant_check'];
  /** "last 30 days" */
  period: string;
  classId: string;
}) {
  const asked = check.asked_unchecked;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="checked-answers-title">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 id="checked-answers-title" className="text-base font-semibold text-ink-900">
              Checked answers
            </h3>
            <p className="mt-0.5 text-sm text-ink-600">
              Questions answered with an answer you checked, {period}.
            </p>
          </div>
          {asked.length > 0 ? (
            <Link
              to={checkHref(classId)}
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
            >
              Check them
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : null}
        </div>
        <p className="mt-4 flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-success-50 text-success-700">
            <BadgeCheck className="size-5" aria-hidden="true" />
          </span>
          <span className="text-sm text-ink-700">
            <span className="block text-2xl font-semibold text-ink-900 tabular-nums">
              {check.answered_from_checks.toLocaleString('en-US')}
            </span>
            {check.answered_from_checks === 1 ? 'question' : 'questions'} answered from your checked
            answers
          </span>
        </p>
        <div className="mt-5">
          {asked.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-success-700">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
              Every common question students asked in this period is checked.
            </p>
          ) : (
            <>
              <h4 className="text-sm font-semibold text-ink-900">
                Students asked these, and you haven’t checked them yet
              </h4>
              <ul
                aria-label="Asked, not checked"
                className="mt-2 divide-y divide-ink-100 rounded-lg border border-ink-200"
              >
                {asked.map((q) => (
                  <li key={q.id} className="flex items-start gap-3 px-3 py-2.5">
                    <p className="min-w-0 flex-1 text-sm font-medium break-words text-ink-900">
                      {q.question}
                    </p>
                    <Badge variant="brand" className="mt-0.5 tabular-nums">
                      {countOf(q.count, 'time')}
                    </Badge>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </section>
    </Card>
  );
}
