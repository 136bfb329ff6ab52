import { Plug } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function IntegrationsPage() {
  return (
    <EmptyState
      icon={Plug}
      title="Connect your team-chat workspace"
      description="Link a class to a workspace channel so students can ask questions where they already talk, and let colleagues add course content there."
      action={
        <p className="text-sm text-ink-600">
          Workspace integration arrives in an upcoming release.
        </p>
      }
    />
  );
}
