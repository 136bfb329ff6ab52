import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { LandingPage } from '@/features/landing/landing-page';
import { TermsPage } from '@/features/legal/terms-page';
import { ProtectedRoute } from './protected-route';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** SPEC §2 route table. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/terms', element: <TermsPage /> },
      // Everything below loads on demand so the landing page stays light.
      {
        path: '/chat/:chatUuid',
        lazy: async () => ({
          Component: (await import('@/features/student-chat/student-chat-page')).StudentChatPage,
        }),
      },
      {
        path: '/install-success',
        lazy: async () => ({
          Component: (await import('@/features/install-success/install-success-page'))
            .InstallSuccessPage,
        }),
      },
      {
        lazy: async () => {
          const { AppShell } = await import('./layouts/app-shell');
          return {
            element: (
              <ProtectedRoute>
                <AppShell />
              </ProtectedRoute>
            ),
          };
        },
        children: [
          {
            path: '/dashboard',
            lazy: async () => ({
              Component: (await import('./routes/dashboard')).DashboardRoute,
            }),
          },
          {
            path: '/analytics',
            lazy: async () => ({
              Component: (await import('@/features/analytics/analytics-page')).AnalyticsPage,
            }),
          },
          {
            path: '/chats',
            lazy: async () => ({
              Component: (await import('@/features/conversations/chats-page')).ChatsPage,
            }),
          },
          {
            path: '/chat-history',
            lazy: async () => ({
              Component: (await import('@/features/conversations/chat-history-page'))
                .ChatHistoryPage,
            }),
          },
          {
            path: '/integrations',
            lazy: async () => ({
              Component: (await import('@/features/integrations/integrations-page'))
                .IntegrationsPage,
            }),
          },
          {
            path: '/account',
            lazy: async () => ({
              Component: (await import('./routes/account')).AccountRoute,
            }),
          },
          {
            path: '/billing',
            lazy: async () => ({
              Component: (await import('@/features/billing/billing-page')).BillingPage,
            }),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
