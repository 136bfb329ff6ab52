import { cn } from '@/lib/utils';

/**
 * The text the server extracts from a file is plain text with a little markdown: `#` to `######`
 * headings, `- ` and `1. ` list items (indented two spaces a level), `a | b | c` table rows and
 * paragraphs between blank lines (apps/api/src/features/extraction). This reads that subset into
 * blocks; everything else stays text. Nothing is ever parsed as HTML: React writes text nodes.
 */
export type ContentBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | {
      kind: 'list';
      ordered: boolean;
      /** an ordered list's first number */
      start: number;
      items: { text: string; depth: number }[];
    }
  | { kind: 'table'; rows: string[][] };

const HEADING = /^(#{1,6})\s+(.*\S)\s*$/;
const BULLET = /^(\s*)([-*•])\s+(.*)$/;
const NUMBERED = /^(\s*)(\d{1,3})[.)]\s+(.*)$/;
const TABLE_CELL = ' | ';

export function parseContentText(text: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  const last = () => blocks[blocks.length - 1];
  // a blank line ends a paragraph, list or table: the next line starts a new block
  let ended = true;

  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    const previous = ended ? undefined : last();
    ended = false;
    if (line.trim() === '') {
      ended = true;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
      ended = true;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      const entry = { text: item[3]!, depth: Math.floor(item[1]!.length / 2) };
      // items of one list may stand apart, between blank lines
      const list = last();
      if (list?.kind === 'list' && list.ordered === ordered) list.items.push(entry);
      else blocks.push({ kind: 'list', ordered, start: Number(item[2]) || 1, items: [entry] });
      continue;
    }
    if (line.includes(TABLE_CELL)) {
      const cells = line.split(TABLE_CELL).map((cell) => cell.trim());
      if (previous?.kind === 'table') previous.rows.push(cells);
      else blocks.push({ kind: 'table', rows: [cells] });
      continue;
    }
    if (previous?.kind === 'list' && /^\s/.test(line)) {
      // an indented line under a list item goes on with that item
      previous.items[previous.items.length - 1]!.text += ` ${line.trim()}`;
    } else if (previous?.kind === 'paragraph') {
      previous.text += `\n${line}`;
    } else {
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  return blocks;
}

/** The dialog's title is an h2: the text's `#` is an h3, down to h6. */
const HEADING_TAGS = ['h3', 'h4', 'h5', 'h6'] as const;
const HEADING_STYLES = [
  'text-lg font-semibold text-ink-900',
  'text-base font-semibold text-ink-900',
  'text-sm font-semibold text-ink-900',
  'text-sm font-semibold text-ink-800',
];

/** Extracted text shown as headings, paragraphs, lists and tables. */
export function ContentText({ text, className }: { text: string; className?: string }) {
  const blocks = parseContentText(text);
  return (
    <div className={cn('space-y-3 text-sm leading-relaxed break-words text-ink-800', className)}>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading': {
            const at = Math.min(block.level, HEADING_TAGS.length) - 1;
            const Tag = HEADING_TAGS[at]!;
            return (
              <Tag key={index} className={cn(index > 0 && 'pt-2', HEADING_STYLES[at])}>
                {block.text}
              </Tag>
            );
          }
          case 'paragraph':
            return (
              <p key={index} className="whitespace-pre-line">
                {block.text}
              </p>
            );
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List
                key={index}
                start={block.ordered && block.start !== 1 ? block.start : undefined}
                className={cn('space-y-1 pl-5', block.ordered ? 'list-decimal' : 'list-disc')}
              >
                {block.items.map((item, i) => (
                  <li key={i} style={item.depth ? { marginLeft: `${item.depth * 1.25}rem` } : {}}>
                    {item.text}
                  </li>
                ))}
              </List>
            );
          }
          case 'table':
            return <ContentTable key={index} rows={block.rows} />;
        }
      })}
    </div>
  );
}

/** Rows of cells; with more than one row the first one names the columns. */
function ContentTable({ rows }: { rows: string[][] }) {
  const width = Math.max(...rows.map((row) => row.length));
  const pad = (row: string[]) => [...row, ...Array<string>(width - row.length).fill('')];
  const head = rows.length > 1 ? rows[0]! : null;
  const body = head ? rows.slice(1) : rows;
  const cell = 'border border-ink-200 px-2 py-1.5 text-left align-top';
  return (
    <table className="min-w-full border-collapse bg-white text-sm">
      {head ? (
        <thead className="bg-ink-100">
          <tr>
            {pad(head).map((text, i) => (
              <th key={i} scope="col" className={cn(cell, 'font-semibold text-ink-900')}>
                {text}
              </th>
            ))}
          </tr>
        </thead>
      ) : null}
      <tbody>
        {body.map((row, r) => (
          <tr key={r}>
            {pad(row).map((text, i) => (
              <td key={i} className={cell}>
                {text}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
