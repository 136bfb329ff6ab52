import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** A teacher page that needs a class, before there is one: says why, and leads to My Classes. */
export function NoClassesState({ description }: { description: string }) {
  return (
    <EmptyState
      icon={GraduationCap}
      title="No classes yet"
      description={description}
      action={
        <Button asChild>
          <Link to="/dashboard">Go to My Classes</Link>
        </Button>
      }
    />
  );
}
