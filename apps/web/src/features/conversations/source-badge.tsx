import type { SourceType } from '@app/contracts';
import { Badge } from '@/components/ui/badge';

const SOURCES: Record<SourceType, { label: string; variant: 'brand' | 'success' | 'warning' }> = {
  syllabus: { label: 'Syllabus', variant: 'brand' },
  content: { label: 'Course material', variant: 'success' },
  other: { label: 'Not in material', variant: 'warning' },
};

/** Where an answer came from (SPEC §3 source_type). */
export function SourceBadge({ source, className }: { source: SourceType; className?: string }) {
  const { label, variant } = SOURCES[source] ?? SOURCES.other;
  return (
    <Badge variant={variant} className={className}>
      {label}
    </Badge>
  );
}
