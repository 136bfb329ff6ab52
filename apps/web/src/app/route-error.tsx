import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { SimplePublicLayout } from '@/components/layout/simple-public-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Shown instead of a blank page when a route throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <SimplePublicLayout>
      <Card className="w-full max-w-md p-8 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-danger-50 text-danger-600">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-ink-900">Something went wrong</h1>
        <p className="mt-2 text-sm text-ink-600">
          {detail ?? 'This page hit an unexpected problem. Reloading usually fixes it.'}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Button variant="outline" asChild>
            <Link to="/">Go to home page</Link>
          </Button>
        </div>
      </Card>
    </SimplePublicLayout>
  );
}
