import { EXCERPT_MARK, excerptBlocks, markedParts, type ReplyKind } from '@app/contracts';

/**
 * Text as a Slack message carries it: `&`, `<` and `>` are Slack's control characters, and these
 * three escapes are the only ones it reads (https://api.slack.com/reference/surfaces/formatting).
 * Nothing in the text can then become a link, a mention or `<!channel>`.
 */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A marked sentence in bold: `*…*` hugging its words, line by line (bold stops at a line's end). */
const bold = (text: string) =>
  text
    .split('\n')
    .map((line) => {
      const words = line.trim();
      if (!words) return line;
      const start = line.indexOf(words);
      return `${line.slice(0, start)}*${words}*${line.slice(start + words.length)}`;
    })
    .join('\n');

/**
 * The assistant's reply as Slack mrkdwn (decision 013), escaped. An excerpt keeps its lead lines
 * ("Here is what the syllabus says about Office Hours:") as they are, every line of its passages
 * becomes a Slack quote (`> …`) and the sentence marked `**` is bold; a text that does not follow
 * the excerpt form is quoted whole. An answer, or a reply the material does not cover, is its text.
 */
export function slackReplyText(reply: { response: string; kind: ReplyKind }): string {
  if (reply.kind !== 'excerpt') return escapeSlack(reply.response);
  const text = reply.response.trim();
  let blocks = excerptBlocks(text);
  if (!blocks.some((b) => b.quote.trim() !== '')) blocks = [{ lead: '', quote: text }];
  const lines: string[] = [];
  for (const { lead, quote } of blocks) {
    const shownLead = lead.split(EXCERPT_MARK).join('').trim();
    if (shownLead) lines.push(escapeSlack(shownLead));
    if (!quote.trim()) continue;
    const passage = markedParts(quote)
      .map((part) => (part.marked ? bold(escapeSlack(part.text)) : escapeSlack(part.text)))
      .join('');
    for (const line of passage.split('\n')) lines.push(`> ${line}`);
  }
  return lines.join('\n');
}

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
