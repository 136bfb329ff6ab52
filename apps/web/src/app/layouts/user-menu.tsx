import { useNavigate } from 'react-router';
import { ChevronDown, CreditCard, LogOut, Mail, UserRound } from 'lucide-react';
import type { User } from '@app/contracts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatUsd } from '@/lib/format';
import { planLabel, type BillingUsage } from './shell-data';

function initials(user: User): string {
  const letters = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function UserMenu({
  user,
  usage,
  onLogout,
}: {
  user: User;
  usage: BillingUsage | null;
  onLogout(): void;
}) {
  const navigate = useNavigate();
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;

  return (
    <DropdownMenu modal={false}>
      {/* The name leads the label: it is what the button shows (WCAG 2.5.3, label in name). */}
      <DropdownMenuTrigger
        aria-label={`${fullName}, account menu`}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-ink-800 transition-colors hover:bg-ink-100 data-[state=open]:bg-ink-100 sm:pr-3"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
        >
          {initials(user)}
        </span>
        <span className="hidden max-w-40 truncate md:inline">{fullName}</span>
        <ChevronDown className="size-4 text-ink-500" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold text-ink-900">{fullName}</span>
          <span className="block truncate text-ink-600">{user.email}</span>
        </DropdownMenuLabel>
        {usage ? (
          <div className="mx-1 mb-1 rounded-lg bg-ink-50 p-3 text-sm" aria-label="Plan summary">
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold text-ink-900">{planLabel(usage.plan_type)}</span>
              <span className="font-semibold text-ink-900">{formatUsd(usage.total_cost)}</span>
            </div>
            <dl className="mt-2 space-y-1 text-ink-700">
              <div className="flex justify-between gap-2">
                <dt>Season</dt>
                <dd className="font-medium">{usage.season_name}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Classes used</dt>
                <dd className="font-medium">
                  {usage.classes_used} / {usage.max_base_classes}
                </dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Add-on classes</dt>
                <dd className="font-medium">{usage.addon_classes}</dd>
              </div>
            </dl>
          </div>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={() => navigate('/chats?view=requests')}>
            <Mail aria-hidden="true" />
            Student contact requests
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate('/account')}>
            <UserRound aria-hidden="true" />
            My Account
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate('/billing')}>
            <CreditCard aria-hidden="true" />
            Billing &amp; Usage
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Log Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
