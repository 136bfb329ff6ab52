import { SearchX, TextQuote } from 'lucide-react';
import {
  EXCERPT_MARK,
  excerptBlocks,
  markedParts,
  type ExcerptBlock,
  type ReplyKind,
} from '@app/contracts';
import { cn } from '@/lib/utils';
import { AnswerText, linkedNodes } from './answer-text';

/** What the material behind a reply is called: a class's, or the trial's one document. */
export type MaterialName = 'course material' | 'document';

/**
 * What a reply is, as a reader is told (decision 013): "Answer", "Excerpt from the course material",
 * "Not in the course material".
 */
export function replyKindName(kind: ReplyKind, material: MaterialName = 'course material') {
  if (kind === 'excerpt') return `Excerpt from the ${material}`;
  if (kind === 'none') return `Not in the ${material}`;
  return 'Answer';
}

/**
 * The first words of a reply, saying what it is: a small heading over an excerpt (a quotation
 * to read and check) or a reply the material does not cover; for an answer, only a screen
 * reader hears "Answer:". Read with the reply when the conversation's log announces it.
 */
export function ReplyKindLabel({
  kind,
  material = 'course material',
  className,
}: {
  kind: ReplyKind;
  material?: MaterialName;
  className?: string;
}) {
  const name = replyKindName(kind, material);
  if (kind === 'answer') return <span className="sr-only">{name}: </span>;
  const Icon = kind === 'excerpt' ? TextQuote : SearchX;
  return (
    <p
      className={cn(
        'mb-1.5 flex items-center gap-1.5 text-xs font-semibold',
        kind === 'excerpt' ? 'text-brand-700' : 'text-warning-800',
        className,
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {name}
      <span className="sr-only">:</span>
    </p>
  );
}

/**
 * An excerpt's quotations (contracts' excerpt-text): text that does not follow that form (an
 * older reply) is one quotation with no lead, and marks left over in a lead are dropped.
 */
export function quotations(text: string): ExcerptBlock[] {
  const blocks = excerptBlocks(text.trim())
    .map(({ lead, quote }) => ({ lead: lead.split(EXCERPT_MARK).join('').trim(), quote }))
    .filter(({ lead, quote }) => lead !== '' || quote.trim() !== '');
  if (blocks.some(({ quote }) => quote.trim() !== '')) return blocks;
  return text.trim() ? [{ lead: '', quote: text.trim() }] : [];
}

/**
 * An excerpt laid out as what it is, the class material quoted for the reader to check: each
 * lead line ("Here is what the syllabus says about Office Hours:"), then its passage set off as a
 * quotation, the sentence the assistant found best highlighted. Text nodes only, never markup;
 * bare https URLs become links unless `linkify` is false.
 */
export function ExcerptText({
  text,
  linkify = true,
  className,
}: {
  text: string;
  linkify?: boolean;
  className?: string;
}) {
  const show = (part: string) => (linkify ? linkedNodes(part) : part);
  return (
    <div className={cn('space-y-3', className)}>
      {quotations(text).map(({ lead, quote }, index) => (
        <div key={index} className="space-y-1.5">
          {lead ? <p className="font-medium break-words text-ink-900">{show(lead)}</p> : null}
          {quote.trim() ? (
            <blockquote className="rounded-r-lg border-l-4 border-brand-300 bg-brand-50/60 py-2 pr-3 pl-3 break-words whitespace-pre-wrap text-ink-800">
              {markedParts(quote).map((part, i) =>
                part.marked ? (
                  <mark
                    key={i}
                    className="rounded-sm bg-brand-200/70 px-0.5 text-ink-900 [box-decoration-break:clone]"
                  >
                    {show(part.text)}
                  </mark>
                ) : (
                  <span key={i}>{show(part.text)}</span>
                ),
              )}
            </blockquote>
          ) : null}
        </div>
      ))}
    </div>
  );
}

const DATED_LINE = /^((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}(?:, \d{4})?): (\S.*)$/;

/**
 * An answer that lists days (issue 30: "Due from Tue, Oct 14 to Sun, Oct 19:" then one
 * "Tue, Oct 14: Essay 2 due" a line): its heading and its rows; null for any other text.
 */
export function datedList(
  text: string,
): { heading: string; rows: { day: string; what: string }[] } | null {
  const [heading = '', ...lines] = text
    .trim()
    .split('\n')
    .map((line) => line.trim());
  if (!heading.endsWith(':') || lines.length === 0) return null;
  const rows = [];
  for (const line of lines) {
    const match = DATED_LINE.exec(line);
    if (!match) return null;
    rows.push({ day: match[1]!, what: match[2]! });
  }
  return { heading, rows };
}

/** A dated answer as a list: each day in bold before what happens on it. */
function DatedListText({
  list,
  linkify,
  className,
}: {
  list: NonNullable<ReturnType<typeof datedList>>;
  linkify: boolean;
  className?: string;
}) {
  const show = (part: string) => (linkify ? linkedNodes(part) : part);
  return (
    <div className={cn('space-y-1.5', className)}>
      <p className="break-words">{show(list.heading)}</p>
      <ul className="space-y-1">
        {list.rows.map((row, index) => (
          <li key={index} className="flex flex-wrap gap-x-2 break-words">
            <span className="font-semibold whitespace-nowrap text-ink-900 tabular-nums">
              {row.day}
              <span className="sr-only">:</span>
            </span>
            <span className="min-w-0">{show(row.what)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A reply's text as its kind reads: an excerpt as quotations, an answer listing days as a list,
 * anything else as plain text.
 */
export function ReplyText({
  kind,
  text,
  linkify = true,
  className,
}: {
  kind: ReplyKind;
  text: string;
  linkify?: boolean;
  className?: string;
}) {
  if (kind === 'excerpt')
    return <ExcerptText text={text} linkify={linkify} className={className} />;
  const list = kind === 'answer' ? datedList(text) : null;
  return list ? (
    <DatedListText list={list} linkify={linkify} className={className} />
  ) : (
    <AnswerText text={text} linkify={linkify} className={className} />
  );
}

/**
 * An excerpt as one line of plain text (a list's preview, which the server flattens): the
 * quotation marks at the start of its lines and the highlight marks taken out.
 */
export function excerptPreview(text: string): string {
  return text
    .split(EXCERPT_MARK)
    .join('')
    .replace(/(^|\s)>(?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
