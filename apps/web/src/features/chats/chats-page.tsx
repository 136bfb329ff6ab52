import { MessagesSquare } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function ChatsPage() {
  return (
    <EmptyState
      icon={MessagesSquare}
      title="No student conversations yet"
      description="When students ask questions through a class chat link, their conversations and contact requests appear here, grouped by semester."
    />
  );
}
