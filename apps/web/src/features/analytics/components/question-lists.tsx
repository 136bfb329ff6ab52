import { Link } from 'react-router';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import type { Analytics } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatShortDate } from '@/lib/format';
import { countOf } from '../analytics-format';

type QuestionGroup = Analytics['top_questions'][number];

function QuestionList({ questions, label }: { questions: QuestionGroup[]; label: string }) {
  return (
    <ol aria-label={label} className="divide-y divide-ink-100">
      {questions.map((q, i) => (
        <li key={`${i}-${q.question}`} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
          <span
            aria-hidden="true"
            className="mt-0.5 w-5 shrink-0 text-right text-xs font-semibold text-ink-500 tabular-nums"
          >
            {i + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium break-words text-ink-900">{q.question}</p>
            <p className="mt-0.5 text-xs text-ink-600">
              Last asked {formatShortDate(q.last_asked_at) ?? '—'}
            </p>
          </div>
          <Badge variant="brand" className="mt-0.5 tabular-nums">
            {countOf(q.count, 'time')}
          </Badge>
        </li>
      ))}
    </ol>
  );
}

/** The most asked questions, the same question in other words counted together. */
export function TopQuestions({ questions }: { questions: QuestionGroup[] }) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="top-questions-title">
        <h3 id="top-questions-title" className="text-base font-semibold text-ink-900">
          Most asked questions
        </h3>
        <p className="mt-0.5 mb-4 text-sm text-ink-600">
          The same question in other words is counted together.
        </p>
        {questions.length === 0 ? (
          <p className="text-sm text-ink-600">No questions in this period.</p>
        ) : (
          <QuestionList questions={questions} label="Most asked questions" />
        )}
      </section>
    </Card>
  );
}

/** Questions the material did not cover, with the way to answer them. */
export function UnansweredQuestions({
  questions,
  classId,
}: {
  questions: QuestionGroup[];
  classId: string;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="unanswered-questions-title">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 id="unanswered-questions-title" className="text-base font-semibold text-ink-900">
              Unanswered questions
            </h3>
            <p className="mt-0.5 text-sm text-ink-600">Questions your material did not cover.</p>
          </div>
          {questions.length > 0 ? (
            <Link
              to={`/chats?class=${encodeURIComponent(classId)}&view=unanswered`}
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
            >
              Answer them
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : null}
        </div>
        <div className="mt-4">
          {questions.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-success-700">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
              Every question in this period was answered from your material.
            </p>
          ) : (
            <QuestionList questions={questions} label="Unanswered questions" />
          )}
        </div>
      </section>
    </Card>
  );
}
