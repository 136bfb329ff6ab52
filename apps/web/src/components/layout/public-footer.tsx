import { Link } from 'react-router';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@/lib/constants';
import { useCurrentYear } from '@/lib/use-current-year';
import { Logo } from './logo';

const ABOUT_ID = 'about';

export function PublicFooter() {
  const year = useCurrentYear();
  return (
    <footer className="border-t border-ink-800 bg-ink-900 text-ink-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr]">
        <div id={ABOUT_ID} tabIndex={-1} className="max-w-sm space-y-3 focus:outline-none">
          <Logo tone="light" />
          <p className="text-sm leading-relaxed text-ink-300">
            {PRODUCT_NAME} turns your syllabus and course materials into an AI teaching assistant
            your students can ask anything, any time, with answers grounded in what you actually
            teach.
          </p>
        </div>
        <nav aria-label="Footer" className="md:justify-self-end">
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a
                href={`/#${ABOUT_ID}`}
                className="rounded hover:text-white hover:underline focus-visible:outline-white"
              >
                About Us
              </a>
            </li>
            <li>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="rounded hover:text-white hover:underline focus-visible:outline-white"
              >
                Contact Us
              </a>
            </li>
            <li>
              <Link
                to="/terms"
                className="rounded hover:text-white hover:underline focus-visible:outline-white"
              >
                Terms
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-ink-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-ink-400 sm:px-6">
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
