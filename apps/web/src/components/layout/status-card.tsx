import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { SimplePublicLayout } from './simple-public-layout';

/**
 * A standalone public page that says one thing: an icon, a title (the page's h1), a line of
 * detail and whatever the visitor can do next (`children`).
 */
export function StatusCard({
  icon: Icon,
  iconClassName,
  title,
  description,
  role,
  children,
}: {
  icon: LucideIcon;
  /** The icon badge's colours and shape. */
  iconClassName: string;
  title: ReactNode;
  description?: ReactNode;
  /** e.g. 'alert' when the page reports a failure. */
  role?: 'alert' | 'status';
  children?: ReactNode;
}) {
  return (
    <SimplePublicLayout>
      <Card role={role} className="w-full max-w-md p-8 text-center sm:p-10">
        <span
          className={cn(
            'mx-auto flex size-14 items-center justify-center rounded-2xl',
            iconClassName,
          )}
        >
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-ink-900">{title}</h1>
        {description ? (
          <p className="mt-2 text-sm leading-relaxed text-ink-600">{description}</p>
        ) : null}
        {children}
      </Card>
    </SimplePublicLayout>
  );
}
