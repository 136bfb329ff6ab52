import { useSearchParams } from 'react-router';
import { GraduationCap, Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useAuth } from '@/lib/auth';

function formatDate(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(date);
}

export function DashboardPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const welcome = params.get('welcome') === 'true';
  const updateTimeout = params.get('error') === 'update_timeout';
  const trialEnds =
    user?.subscription_status === 'trialing' && user.trial_end ? formatDate(user.trial_end) : null;

  return (
    <div className="space-y-6">
      {welcome ? (
        <Alert
          variant="success"
          title={`Welcome to Syllabot${user ? `, ${user.first_name}` : ''}!`}
        >
          Your free trial is active. Create your first class to get your students a course
          assistant.
        </Alert>
      ) : null}
      {updateTimeout ? (
        <Alert variant="warning" title="Your account is still updating">
          Your payment went through, but your plan took longer than usual to activate. Refresh this
          page in a minute.
        </Alert>
      ) : null}

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-ink-900">
            {user ? `Welcome back, ${user.first_name}` : 'Your classes'}
          </h2>
          <p className="mt-1 text-sm text-ink-600">
            {trialEnds
              ? `Your free trial runs until ${trialEnds}.`
              : 'Your classes for each semester appear here.'}
          </p>
        </div>
        <Button disabled aria-describedby="class-creation-note" className="self-start sm:self-auto">
          <Plus aria-hidden="true" />
          Create New Class
        </Button>
      </div>

      <EmptyState
        icon={GraduationCap}
        title="No Classes Yet"
        description="Create a class, upload your syllabus and course materials, then share the chat link with your students."
        action={
          <>
            <Button size="lg" disabled aria-describedby="class-creation-note">
              <Plus aria-hidden="true" />
              Create Your First Class
            </Button>
            <p id="class-creation-note" className="text-sm text-ink-600">
              Class creation arrives in an upcoming release.
            </p>
          </>
        }
      />
    </div>
  );
}
