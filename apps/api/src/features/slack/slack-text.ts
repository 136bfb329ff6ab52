/**
 * Plain text from a Slack message (https://api.slack.com/reference/surfaces/formatting): links
 * `<url|label>` become "label (url)", channel and user references their names when Slack gave
 * them, `<!here>` "@here", and Slack's three escapes are undone. Formatting marks (*bold*) stay:
 * they read fine as text.
 */
export function plainTextOfSlack(text: string): string {
  return text
    .replace(/<([^<>]*)>/g, (_all, inner: string) => {
      const [target = '', label] = inner.split('|', 2);
      if (target.startsWith('#')) return label ? `#${label}` : target;
      if (target.startsWith('@')) return label ? `@${label}` : target;
      if (target.startsWith('!'))
        return `@${(label ?? target.slice(1)).replace(/^subteam\^\w+$/, 'group')}`;
      if (target.startsWith('mailto:')) return label ?? target.slice('mailto:'.length);
      return label && label !== target ? `${label} (${target})` : target;
    })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

/** An id-like string field of an event (event_id, team_id, channel, ts…), or undefined. */
export const shortString = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 && v.length <= 255 ? v : undefined;
