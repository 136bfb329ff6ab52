import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Bell, Menu, X } from 'lucide-react';
import { Toaster } from 'sonner';
import { Dialog, useReturnFocus } from '@/components/ui/dialog';
import { Logo } from '@/components/layout/logo';
import { MAX_VISIBLE_TOASTS } from '@/lib/constants';
import { SkipLink } from '@/components/layout/skip-link';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { pageTitle } from './nav';
import { useShellSummary } from './shell-data';
import { DesktopSidebar, HelpCard, SidebarNav } from './sidebar';
import { UserMenu } from './user-menu';

/** Authenticated shell: header (title, bell, user menu) and a collapsible sidebar / mobile drawer. */
export function AppShell() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const summary = useShellSummary(user !== null);
  const title = pageTitle(pathname);
  useDocumentTitle(title);

  // The drawer closes on navigation.
  useEffect(() => setDrawerOpen(false), [pathname]);

  if (!user) return null;
  const unanswered = summary.data?.unansweredRequests ?? 0;

  const onLogout = () => {
    logout();
    navigate('/', { replace: true });
  };

  return (
    <div className="flex min-h-dvh bg-ink-50">
      <SkipLink />
      <DesktopSidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />

      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
        <NavigationDrawer onNavigate={() => setDrawerOpen(false)} />
      </Dialog>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 border-b border-ink-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
            <button
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-label="Open navigation"
              aria-expanded={drawerOpen}
              className="-ml-1 rounded-md p-2 text-ink-700 hover:bg-ink-100 lg:hidden"
            >
              <Menu className="size-5" aria-hidden="true" />
            </button>
            {/* on a phone a long title ("Student Conversations") takes two lines, not an ellipsis */}
            <h1 className="line-clamp-2 min-w-0 flex-1 text-base leading-5 font-semibold tracking-tight text-ink-900 sm:truncate sm:text-xl sm:leading-7">
              {title}
            </h1>
            <Link
              to="/chats?view=requests"
              aria-label={
                unanswered > 0
                  ? `Student contact requests: ${unanswered} unanswered`
                  : 'Student contact requests'
              }
              className="relative rounded-full p-2 text-ink-700 transition-colors hover:bg-ink-100 hover:text-ink-900"
            >
              <Bell className="size-5" aria-hidden="true" />
              {unanswered > 0 ? (
                <span
                  aria-hidden="true"
                  data-testid="contact-request-count"
                  className={cn(
                    'absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger-600 px-1 text-[11px] font-bold text-white ring-2 ring-white',
                  )}
                >
                  {unanswered > 99 ? '99+' : unanswered}
                </span>
              ) : null}
            </Link>
            <UserMenu user={user} usage={summary.data?.usage ?? null} onLogout={onLogout} />
          </div>
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-8"
        >
          <div className="mx-auto max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
      {/* only the teacher's pages raise toasts, so the public pages never load them. At the
          bottom, away from the header: a toast never covers the bell, the user menu or the menu
          it opens (issue 31, item 10); on a phone it spans the width there */}
      <Toaster visibleToasts={MAX_VISIBLE_TOASTS} position="bottom-right" richColors closeButton />
    </div>
  );
}

/** The sidebar as a drawer below 1024 px; Escape or × closes it and focus goes back to its button. */
function NavigationDrawer({ onNavigate }: { onNavigate(): void }) {
  const returnFocus = useReturnFocus<HTMLDivElement>();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-950/50 data-[state=open]:animate-fade-in lg:hidden" />
      <DialogPrimitive.Content
        ref={returnFocus.ref}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-raised focus:outline-none data-[state=open]:animate-drawer-in lg:hidden"
        aria-describedby={undefined}
      >
        <div className="flex h-16 items-center justify-between border-b border-ink-200 px-5">
          <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
          <Logo to="/dashboard" />
          <DialogPrimitive.Close
            aria-label="Close navigation"
            className="rounded-md p-2 text-ink-600 hover:bg-ink-100 hover:text-ink-900"
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        </div>
        <SidebarNav onNavigate={onNavigate} />
        <HelpCard />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
