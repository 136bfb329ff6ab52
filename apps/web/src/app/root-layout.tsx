import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { MAX_VISIBLE_TOASTS } from '@/lib/constants';
import { AuthModalsProvider } from './auth-modals-provider';

/** Wraps every route: the sign-in / sign-up dialogs and the toast area. */
export function RootLayout() {
  return (
    <AuthModalsProvider>
      <Outlet />
      <Toaster visibleToasts={MAX_VISIBLE_TOASTS} position="top-right" richColors closeButton />
    </AuthModalsProvider>
  );
}
