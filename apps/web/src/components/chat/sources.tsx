import { useEffect, useId, useRef, useState } from 'react';
import { BookOpen, FileText } from 'lucide-react';
import type { Citation } from '@app/contracts';
import { groupCitations } from '@/lib/citations';
import { cn } from '@/lib/utils';
import { AnswerText } from './answer-text';
import { contentTypeLabel } from '@/lib/content-types';

const byTitle = (citation: Citation) => citation.title;

export interface SourcesProps {
  citations: Citation[];
  /** One chip per course item (default), or per title when every passage comes from one document. */
  groupBy?: 'content' | 'title';
  /** Each chip shows its item's type: a book for the syllabus, and the type's name. */
  showType?: boolean;
  /** https links in a quoted passage become anchors. */
  linkify?: boolean;
  /** An opened passage below the fold is scrolled into view. */
  revealOpened?: boolean;
}

/** Source chips under an answer; pressing one discloses its quoted passages below the chips. */
export function Sources({
  citations,
  groupBy = 'content',
  showType = false,
  linkify = true,
  revealOpened = false,
}: SourcesProps) {
  const groups = groupCitations(citations, groupBy === 'title' ? byTitle : undefined);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const panelId = `${useId()}-passage`;
  const panelRef = useRef<HTMLDivElement>(null);
  const open = groups.find((g) => g.key === openKey);

  useEffect(() => {
    if (revealOpened && openKey) {
      panelRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }
  }, [openKey, revealOpened]);

  return (
    <div className="mt-3 border-t border-ink-100 pt-3">
      <p className="mb-2 text-xs font-semibold text-ink-600">Sources</p>
      <ul className="flex flex-wrap gap-2">
        {groups.map((group) => {
          const expanded = group.key === openKey;
          const Icon = showType && group.contentType === 'syllabus' ? BookOpen : FileText;
          return (
            <li key={group.key} className="max-w-full">
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={expanded ? panelId : undefined}
                onClick={() => setOpenKey(expanded ? null : group.key)}
                className={cn(
                  'inline-flex max-w-full items-center gap-1.5 rounded-full border px-3 py-1 text-left text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  expanded
                    ? 'border-brand-600 bg-brand-50 text-brand-800'
                    : 'border-ink-300 bg-white text-ink-800 hover:border-brand-300 hover:bg-brand-50',
                )}
              >
                <Icon className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">{group.title}</span>
                {showType ? (
                  <span className="shrink-0 font-normal text-ink-600">
                    · {contentTypeLabel(group.contentType)}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {open ? (
        <div
          id={panelId}
          ref={panelRef}
          role="region"
          aria-label={`Quoted from ${open.title}`}
          className="mt-2 space-y-2"
        >
          {open.excerpts.map((excerpt, index) => (
            <blockquote
              key={index}
              className="rounded-lg border-l-4 border-brand-300 bg-ink-50 px-3 py-2 text-xs leading-relaxed text-ink-700"
            >
              <AnswerText text={excerpt} linkify={linkify} />
            </blockquote>
          ))}
        </div>
      ) : null}
    </div>
  );
}
