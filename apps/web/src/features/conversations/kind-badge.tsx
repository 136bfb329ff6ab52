import { MessageSquareText, SearchX, TextQuote } from 'lucide-react';
import type { ReplyKind } from '@app/contracts';
import { Badge } from '@/components/ui/badge';

const KINDS: Record<
  ReplyKind,
  { label: string; title: string; variant: 'neutral' | 'warning'; Icon: typeof SearchX }
> = {
  answer: {
    label: 'Answer',
    title: 'The student was given an answer',
    variant: 'neutral',
    Icon: MessageSquareText,
  },
  excerpt: {
    label: 'Excerpt',
    title: 'The student was shown a passage of the material to read and check',
    variant: 'neutral',
    Icon: TextQuote,
  },
  none: {
    label: 'Not covered',
    title: 'The material did not cover the question; the student was offered Contact Teacher',
    variant: 'warning',
    Icon: SearchX,
  },
};

/** What the student was given (decision 013): an answer, an excerpt of the material, or nothing. */
export function KindBadge({ kind, className }: { kind: ReplyKind; className?: string }) {
  const { label, title, variant, Icon } = KINDS[kind] ?? KINDS.answer;
  return (
    <Badge variant={variant} title={title} className={className}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}
