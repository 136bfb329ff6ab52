/**
 * The public pages, rendered to HTML when the app is built (build-plugins/prerender.ts): the
 * landing page, the terms and the student chat's shell are sent as HTML that paints before any
 * script runs, then main.tsx hydrates it. Rendered as a visitor with no session sees them.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { ServerHeadContext, type ServerHead } from '@/lib/use-document-title';

export type PrerenderedPage = {
  /** the markup that goes inside #root */
  html: string;
  /** the tab title the page sets */
  title: string | undefined;
};

/** Renders the app at `path` to HTML, waiting for every lazily loaded part it shows. */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: ServerHead = {};
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <ServerHeadContext value={head}>
        <AppProviders>
          {/* no hydration data: the routes load no data, and an inline script would need the CSP's leave */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </ServerHeadContext>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  // a page that failed to render would be sent as a broken one: fail the build instead
  if (errors.length > 0) throw errors[0];
  return { html, title: head.title };
}
