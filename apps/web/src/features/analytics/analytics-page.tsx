import { BarChart3 } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function AnalyticsPage() {
  return (
    <EmptyState
      icon={BarChart3}
      title="Engagement metrics will appear here"
      description="Once students start asking questions, you will see how often they use each class assistant, when they ask, and which topics come up most."
    />
  );
}
