import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

// Only https links become anchors; everything else stays literal text.
const URL_PATTERN = /https:\/\/[^\s<>"'`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Splits text into plain strings and https URLs (trailing punctuation stays text). */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Text as React nodes: bare https URLs become links that open in a new tab, the rest stays text. */
export function linkedNodes(text: string): ReactNode[] {
  return splitLinks(text).map((part, index) =>
    part.href ? (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}

/**
 * An answer as plain text: React text nodes with line breaks kept, so markup in an answer is
 * shown, never run. Bare https URLs become links that open in a new tab, unless `linkify` is false.
 */
export function AnswerText({
  text,
  className,
  linkify = true,
}: {
  text: string;
  className?: string;
  linkify?: boolean;
}) {
  return (
    <p className={cn('break-words whitespace-pre-wrap', className)}>
      {linkify ? linkedNodes(text) : text}
    </p>
  );
}
