import type { ChatSession } from '@app/contracts';
import { useAuthModals } from '@/lib/auth-modals';
import { PRODUCT_NAME } from '@/lib/constants';
import { useCurrentYear } from '@/lib/use-current-year';
import { classByline } from './chat-states';

/** SPEC §2: school, 'Professor' + last name, a sign-up link and a copyright line. */
export function ChatFooter({ session }: { session: ChatSession }) {
  const modals = useAuthModals();
  const year = useCurrentYear();
  const who = classByline(session);
  return (
    <footer className="border-t border-ink-200 bg-white">
      <div className="mx-auto max-w-3xl space-y-1.5 px-4 py-5 text-sm text-ink-600 sm:px-6">
        {who ? <p className="font-medium text-ink-700">{who}</p> : null}
        <p>
          Teaching a course?{' '}
          <button
            type="button"
            onClick={() => modals.openSignUp()}
            className="rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            Sign up for {PRODUCT_NAME}
          </button>{' '}
          to give your students an assistant like this one.
        </p>
        <p>
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
