import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** SPEC §2 route table. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      // Each page loads on demand, so a page fetches only its own code (the student chat never
      // loads the landing page's, nor the landing page the teacher's).
      {
        path: '/',
        lazy: async () => ({
          Component: (await import('@/features/landing/landing-page')).LandingPage,
        }),
      },
      {
        path: '/terms',
        lazy: async () => ({
          Component: (await import('@/features/legal/terms-page')).TermsPage,
        }),
      },
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
          const [{ AppShell }, { ProtectedRoute }] = await Promise.all([
            import('./layouts/app-shell'),
            import('./protected-route'),
          ]);
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
