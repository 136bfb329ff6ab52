import { NoClassesState } from '@/components/classes/no-classes-state';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from './load-error';

/** No classes yet: conversations start once a class is shared. */
export function NoClasses() {
  return (
    <NoClassesState description="Student conversations appear here once you create a class and share its chat link with your students." />
  );
}

export function ClassesLoadError({ onRetry, retrying }: { onRetry(): void; retrying: boolean }) {
  return <LoadError title="Couldn't load your classes" onRetry={onRetry} retrying={retrying} />;
}

export function PageSkeleton({ withSidebar }: { withSidebar: boolean }) {
  return (
    <div aria-busy="true" className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <span role="status" className="sr-only">
        Loading classes
      </span>
      {withSidebar ? (
        <div className="hidden space-y-2 lg:block">
          <Skeleton className="h-16 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : null}
      <div className={withSidebar ? 'space-y-5' : 'space-y-5 lg:col-span-2'}>
        <Skeleton className="h-20 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    </div>
  );
}
