import { History } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function ChatHistoryPage() {
  return (
    <EmptyState
      icon={History}
      title="No conversation history yet"
      description="Pick a class to browse its conversations 20 at a time, search them, and open any answer in full. Create a class to get started."
    />
  );
}
