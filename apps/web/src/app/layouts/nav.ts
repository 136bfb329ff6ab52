import {
  BarChart3,
  LayoutDashboard,
  MessagesSquare,
  Plug,
  UserRound,
  type LucideIcon,
} from 'lucide-react';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Sidebar entries (SPEC §2 Authenticated shell). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/chats', label: 'Student Conversations', icon: MessagesSquare },
  { to: '/integrations', label: 'Integrations', icon: Plug },
  { to: '/account', label: 'Account', icon: UserRound },
];

/** Header title by route. */
const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/dashboard': 'My Classes',
  '/analytics': 'Analytics',
  '/chats': 'Student Conversations',
  '/chat-history': 'Chat History',
  '/integrations': 'Integrations',
  '/account': 'My Account',
  '/billing': 'Billing & Usage',
};

export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_TITLES[path] ?? 'Dashboard';
}
