import { NavLink } from 'react-router';
import { LifeBuoy, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Logo, LogoMark } from '@/components/layout/logo';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { cn } from '@/lib/utils';
import { NAV_ITEMS } from './nav';

export function SidebarNav({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Primary" className="flex-1 px-3 py-4">
      <ul className="space-y-1">
        {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              title={collapsed ? label : undefined}
              className={({ isActive }) =>
                cn(
                  'group flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                  collapsed && 'justify-center px-0',
                  isActive
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon
                    className={cn(
                      'size-5 shrink-0',
                      isActive ? 'text-brand-600' : 'text-ink-500 group-hover:text-ink-700',
                    )}
                    aria-hidden="true"
                  />
                  <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function HelpCard() {
  return (
    <div className="mx-3 mb-3 rounded-xl bg-ink-50 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-ink-900">
        <LifeBuoy className="size-4 text-brand-600" aria-hidden="true" />
        Need a hand?
      </p>
      <p className="mt-1 text-ink-600">Write to us any time:</p>
      <a
        href={`mailto:${SUPPORT_EMAIL}`}
        className="mt-0.5 block font-medium text-brand-700 hover:underline"
      >
        {SUPPORT_EMAIL}
      </a>
    </div>
  );
}

/**
 * Desktop sidebar (≥ 1024 px), collapsible to icons. Its white column and border run the full
 * height of the page, however long; what is in it stays in view (sticky, one screen high).
 */
export function DesktopSidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle(): void }) {
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <aside
      className={cn(
        'hidden shrink-0 self-stretch border-r border-ink-200 bg-white transition-[width] duration-200 lg:block',
        collapsed ? 'w-[4.5rem]' : 'w-64',
      )}
    >
      <div className="sticky top-0 flex h-dvh flex-col overflow-y-auto">
        <div
          className={cn(
            'flex h-16 items-center border-b border-ink-200',
            collapsed ? 'justify-center' : 'px-5',
          )}
        >
          {collapsed ? <NavLinkHome /> : <Logo to="/dashboard" />}
        </div>
        <SidebarNav collapsed={collapsed} />
        {collapsed ? null : <HelpCard />}
        <div className={cn('border-t border-ink-200 p-3', collapsed && 'flex justify-center')}>
          <button
            type="button"
            onClick={onToggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className={cn(
              'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900',
              collapsed ? 'w-10 justify-center px-0' : 'w-full',
            )}
          >
            <ToggleIcon className="size-5 text-ink-500" aria-hidden="true" />
            {collapsed ? null : <span>Collapse</span>}
          </button>
        </div>
      </div>
    </aside>
  );
}

function NavLinkHome() {
  return (
    <NavLink to="/dashboard" aria-label="Syllabot dashboard" className="rounded-md">
      <LogoMark />
    </NavLink>
  );
}

export { HelpCard };
