import type { DatedKind } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { DATED_KIND_LABELS } from '@/lib/dates';

const VARIANTS = {
  exam: 'danger',
  due: 'brand',
  no_class: 'warning',
  event: 'neutral',
} as const satisfies Record<DatedKind, string>;

/** What a dated item is, as a small badge: Exam, Due, No class or Event. */
export function DatedKindBadge({ kind, className }: { kind: DatedKind; className?: string }) {
  return (
    <Badge variant={VARIANTS[kind]} className={className}>
      {DATED_KIND_LABELS[kind]}
    </Badge>
  );
}
