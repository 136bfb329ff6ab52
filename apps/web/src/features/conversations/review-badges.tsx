import { CheckCircle2, ThumbsDown, ThumbsUp } from 'lucide-react';
import type { ConversationSummary } from '@app/contracts';
import { Badge } from '@/components/ui/badge';

/**
 * The student's rating of the answer ("Not helpful" stands out, "Helpful" stays quiet) and
 * whether the teacher corrected it. Nothing when neither applies.
 */
export function ReviewBadges({
  conversation,
}: {
  conversation: Pick<ConversationSummary, 'feedback' | 'corrected'>;
}) {
  const { feedback, corrected } = conversation;
  return (
    <>
      {feedback === 'not_helpful' ? (
        <Badge variant="warning" title="The student marked this answer not helpful">
          <ThumbsDown aria-hidden="true" />
          Not helpful
        </Badge>
      ) : feedback === 'helpful' ? (
        <Badge variant="neutral" title="The student marked this answer helpful">
          <ThumbsUp aria-hidden="true" />
          Helpful
        </Badge>
      ) : null}
      {corrected ? (
        <Badge variant="success" title="You corrected this answer">
          <CheckCircle2 aria-hidden="true" />
          Corrected
        </Badge>
      ) : null}
    </>
  );
}
