import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuthModals } from '@/lib/auth-modals';
import { HOW_IT_WORKS_ID } from '@/lib/constants';
import { Logo } from './logo';

const HOW_IT_WORKS_CLASSES =
  'rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-ink-700 hover:bg-ink-100 hover:text-ink-900 sm:px-3';

/** Top bar of the public pages (landing, terms): How it works, Sign In, Get Started. */
export function PublicTopBar({ onLanding = false }: { onLanding?: boolean }) {
  const modals = useAuthModals();
  // Sign In and Get Started open at once on the first click
  useEffect(() => modals.prefetchWhenIdle(), [modals]);

  const scrollToHowItWorks = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const section = document.getElementById(HOW_IT_WORKS_ID);
    if (!section) return;
    event.preventDefault();
    section.scrollIntoView({ behavior: 'smooth', block: 'start' });
    history.replaceState(null, '', `#${HOW_IT_WORKS_ID}`);
    section.focus({ preventScroll: true });
  };

  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-3 sm:px-6">
        {/* On a phone the mark stands for the logo, so How it works, Sign In and Get Started fit. */}
        <Logo compact />
        <nav aria-label="Main" className="flex shrink-0 items-center gap-0.5 sm:gap-2">
          {onLanding ? (
            <a
              href={`#${HOW_IT_WORKS_ID}`}
              onClick={scrollToHowItWorks}
              className={HOW_IT_WORKS_CLASSES}
            >
              How it works
            </a>
          ) : (
            <Link to={`/#${HOW_IT_WORKS_ID}`} className={HOW_IT_WORKS_CLASSES}>
              How it works
            </Link>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="px-2.5 sm:h-10 sm:px-4"
            onClick={() => modals.openSignIn()}
          >
            Sign In
          </Button>
          <Button size="sm" className="px-2.5 sm:h-10 sm:px-4" onClick={() => modals.openSignUp()}>
            Get Started
          </Button>
        </nav>
      </div>
    </header>
  );
}
