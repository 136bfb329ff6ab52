import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useClassList } from '@/lib/api/get-classes';
import { toApiError } from '@/lib/api-client';
import { useIntegrations } from './api/get-integrations';
import { AvailableClasses } from './available-classes';
import { InstallBanner } from './install-banner';
import { LinkList } from './link-list';
import { INTEGRATION_TEXT } from './messages';
import { NewLinkForm } from './new-link-form';
import { SetupCard } from './setup-card';
import { Workspaces } from './workspaces';

/** SPEC §2 Integrations: connect team-chat workspaces and link classes to their channels. */
export function IntegrationsPage() {
  const integrations = useIntegrations();
  const classes = useClassList();
  const data = integrations.data;

  return (
    <div className="space-y-6">
      <InstallBanner />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          {integrations.isPending ? (
            <div className="space-y-4" aria-busy="true">
              <span className="sr-only" role="status">
                Loading integrations…
              </span>
              <Skeleton className="h-28 rounded-xl" />
              <Skeleton className="h-56 rounded-xl" />
            </div>
          ) : integrations.error ? (
            <Alert variant="danger">
              <p>{INTEGRATION_TEXT.loadIntegrations(toApiError(integrations.error).message)}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                loading={integrations.isFetching}
                onClick={() => integrations.refetch()}
              >
                Try again
              </Button>
            </Alert>
          ) : data ? (
            <>
              <Workspaces workspaces={data.workspaces} configured={data.configured} />
              {data.workspaces.length > 0 ? (
                <>
                  <NewLinkForm workspaces={data.workspaces} classes={classes.data?.classes ?? []} />
                  <LinkList links={data.integrations} workspaces={data.workspaces} />
                </>
              ) : null}
            </>
          ) : null}
        </div>
        <aside className="space-y-6" aria-label="Setup and classes">
          <SetupCard configured={data?.configured} />
          <AvailableClasses
            classes={classes.data?.classes}
            error={classes.error}
            loading={classes.isPending}
            onRetry={() => classes.refetch()}
          />
        </aside>
      </div>
    </div>
  );
}
