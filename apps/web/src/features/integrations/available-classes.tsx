import { classChoiceName } from '@/lib/class-groups';
import { BookOpen, Users } from 'lucide-react';
import type { ClassItem } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toApiError } from '@/lib/api-client';
import { INTEGRATION_TEXT } from './messages';

/** SPEC §2: the teacher's classes with id and student count (the ids `/link-class` takes). */
export function AvailableClasses({
  classes,
  error,
  loading,
  onRetry,
}: {
  classes: ClassItem[] | undefined;
  error: unknown;
  loading: boolean;
  onRetry(): void;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold text-ink-900">Available classes</h2>
        <CardDescription>Use a name or id with the form or with /link-class.</CardDescription>
      </CardHeader>
      <CardContent className="pt-4">
        {loading ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">Loading classes…</span>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : error ? (
          <Alert variant="danger">
            <p>{INTEGRATION_TEXT.loadClasses(toApiError(error).message)}</p>
            <Button variant="link" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </Alert>
        ) : !classes?.length ? (
          <p className="text-sm text-ink-600">
            No classes yet. Create one on the Dashboard, then link it here.
          </p>
        ) : (
          <ul className="divide-y divide-ink-100" aria-label="Available classes">
            {classes.map((item) => (
              <li key={item.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <BookOpen className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink-900">
                    {classChoiceName(item)}
                  </p>
                  <p className="text-xs break-all text-ink-600">ID: {item.id}</p>
                </div>
                <span className="flex shrink-0 items-center gap-1 text-xs text-ink-600">
                  <Users className="size-3.5" aria-hidden="true" />
                  {studentCount(item.student_size)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function studentCount(size: number | null) {
  const n = size ?? 0;
  return `${n} ${n === 1 ? 'student' : 'students'}`;
}
