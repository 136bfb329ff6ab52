import { useEffect, useRef, useState } from 'react';
import { Check, Copy, ExternalLink, Link2 } from 'lucide-react';
import type { ClassItem } from '@app/contracts';
import { Button } from '@/components/ui/button';

/** How long "Copied" shows (SPEC §9 copied-link feedback). */
const COPIED_FEEDBACK_MS = 2_000;

function studentLink(chatUuid: string): string {
  return `${window.location.origin}/chat/${chatUuid}`;
}

/** The class's share link for students: copy it, or open it in a new tab. */
export function StudentLinkPanel({ classItem }: { classItem: ClassItem }) {
  const link = studentLink(classItem.chat_uuid);
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    } catch (error) {
      console.error('Copying the student link failed', error);
      window.prompt('Copy this link for your students:', link);
    }
  }

  return (
    <section
      aria-labelledby="student-link-title"
      className="rounded-xl border border-ink-200 bg-white p-4 shadow-card sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h3
          id="student-link-title"
          className="flex items-center gap-2 text-sm font-semibold text-ink-900"
        >
          <Link2 className="size-4 text-brand-600" aria-hidden="true" />
          Student chat link
        </h3>
        <div className="flex w-full gap-2 sm:w-auto">
          <Button variant="outline" size="sm" onClick={() => void copy()} className="flex-1">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy link'}
          </Button>
          <Button variant="outline" size="sm" asChild className="flex-1">
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Open student chat in a new tab"
            >
              <ExternalLink aria-hidden="true" />
              Open
            </a>
          </Button>
        </div>
      </div>
      <p className="mt-3 rounded-md bg-ink-50 px-3 py-2 font-mono text-sm break-all text-ink-800 ring-1 ring-ink-200 ring-inset">
        {link}
      </p>
      {classItem.is_active ? null : (
        <p className="mt-2 text-xs text-warning-800">
          This class is inactive: students cannot ask questions until you reactivate it.
        </p>
      )}
      <span role="status" className="sr-only">
        {copied ? 'Link copied' : ''}
      </span>
    </section>
  );
}
