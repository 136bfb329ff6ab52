import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@/lib/constants';
import { useCurrentYear } from '@/lib/use-current-year';
import { Logo } from './logo';
import { SkipLink } from './skip-link';

/** Minimal public frame for standalone pages (student chat, install success). */
export function SimplePublicLayout({ children }: { children: ReactNode }) {
  const year = useCurrentYear();
  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <SkipLink />
      <header className="border-b border-ink-200 bg-white">
        <div className="mx-auto flex h-16 max-w-4xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-12 sm:px-6">
        {children}
      </main>
      <footer className="border-t border-ink-200 bg-white">
        <p className="mx-auto max-w-4xl px-4 py-5 text-sm text-ink-600 sm:px-6">
          © {year} {PRODUCT_NAME}
        </p>
      </footer>
    </div>
  );
}
