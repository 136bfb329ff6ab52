import { Outlet } from 'react-router';
import { AuthModalsProvider } from './auth-modals-provider';

/** Wraps every route: the sign-in / sign-up dialogs. */
export function RootLayout() {
  return (
    <AuthModalsProvider>
      <Outlet />
    </AuthModalsProvider>
  );
}
