import type { Citation } from '@app/contracts';

/** The passages quoted from one source, in the order the answer cited them. */
interface CitationGroup {
  key: string;
  contentId: string;
  title: string;
  contentType: string;
  excerpts: string[];
}

/**
 * One group per source, however many of its passages were quoted (each passage once). Sources
 * are course items (`content_id`) unless `keyOf` says otherwise.
 */
export function groupCitations(
  citations: Citation[],
  keyOf: (citation: Citation) => string = (citation) => citation.content_id,
): CitationGroup[] {
  const groups = new Map<string, CitationGroup>();
  for (const citation of citations) {
    const key = keyOf(citation);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        key,
        contentId: citation.content_id,
        title: citation.title,
        contentType: citation.content_type,
        excerpts: [citation.excerpt],
      });
    } else if (!group.excerpts.includes(citation.excerpt)) {
      group.excerpts.push(citation.excerpt);
    }
  }
  return [...groups.values()];
}
