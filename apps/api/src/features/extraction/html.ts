/** Turns the simple HTML that mammoth produces into the Markdown-like text format. */
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code =
        e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

type Block = { text: string; list: boolean };

export function htmlToText(html: string): string {
  const blocks: Block[] = [];
  let buf = '';
  let heading = 0;
  const lists: { ordered: boolean; n: number }[] = [];
  let liPrefix: string | null = null;
  let tableDepth = 0;
  let rows: string[][] = [];
  let row: string[] | null = null;
  let cell: string | null = null;

  const clean = (s: string) => s.replace(/[ \t\r\n]+/g, ' ').trim();
  const flush = () => {
    const text = buf
      .split('\n')
      .map(clean)
      .filter(Boolean)
      .join(liPrefix === null ? '\n' : ' ');
    buf = '';
    if (!text) return;
    if (heading)
      blocks.push({ text: `${'#'.repeat(heading)} ${text.replace(/\n/g, ' ')}`, list: false });
    else if (liPrefix !== null) blocks.push({ text: liPrefix + text, list: true });
    else blocks.push({ text, list: false });
  };

  const tokens = html.match(/<[^>]*>|[^<]+/g) ?? [];
  for (const tok of tokens) {
    if (tok[0] !== '<') {
      const text = decodeEntities(tok);
      if (cell !== null) cell += text;
      else if (tableDepth === 0) buf += text;
      continue;
    }
    const m = /^<\s*(\/?)\s*([a-z0-9]+)/i.exec(tok);
    if (!m) continue;
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (/^h[1-6]$/.test(tag)) {
      if (cell !== null) {
        cell += ' ';
        continue;
      }
      flush();
      heading = closing ? 0 : Number(tag[1]);
      if (closing) liPrefix = liPrefix === null ? null : liPrefix;
      continue;
    }
    switch (tag) {
      case 'p':
      case 'div':
        if (cell !== null) cell += ' ';
        else if (liPrefix !== null) buf += ' ';
        else flush();
        break;
      case 'br':
        if (cell !== null) cell += ' ';
        else buf += '\n';
        break;
      case 'ul':
      case 'ol':
        if (cell !== null) break;
        flush();
        if (closing) lists.pop();
        else lists.push({ ordered: tag === 'ol', n: 0 });
        liPrefix = null;
        break;
      case 'li': {
        if (cell !== null) {
          cell += ' ';
          break;
        }
        flush();
        if (closing) {
          liPrefix = null;
          break;
        }
        const list = lists[lists.length - 1] ?? { ordered: false, n: 0 };
        list.n++;
        const indent = '  '.repeat(Math.max(0, lists.length - 1));
        liPrefix = indent + (list.ordered ? `${list.n}. ` : '- ');
        break;
      }
      case 'table':
        if (!closing) {
          if (tableDepth === 0) {
            flush();
            rows = [];
          }
          tableDepth++;
        } else {
          tableDepth = Math.max(0, tableDepth - 1);
          if (tableDepth === 0) {
            const lines = rows
              .map((r) => {
                const cells = r.map(clean);
                while (cells.length && cells[cells.length - 1] === '') cells.pop();
                return cells.join(' | ');
              })
              .filter(Boolean);
            if (lines.length) blocks.push({ text: lines.join('\n'), list: false });
          }
        }
        break;
      case 'tr':
        if (tableDepth > 1) break;
        if (!closing) row = [];
        else if (row) {
          rows.push(row);
          row = null;
        }
        break;
      case 'td':
      case 'th':
        if (tableDepth > 1) {
          if (cell !== null) cell += ' ';
          break;
        }
        if (!closing) cell = '';
        else if (cell !== null) {
          (row ??= []).push(cell);
          cell = null;
        }
        break;
      default:
        break;
    }
  }
  flush();
  let out = '';
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (i > 0) out += b.list && blocks[i - 1]!.list ? '\n' : '\n\n';
    out += b.text;
  }
  return out;
}
