/**
 * Tables in course text, parsed so that every cell knows its column header and its row header.
 *
 * Layouts read:
 * - pipe rows: `a | b | c` (what PDF, DOCX and XLSX extraction writes) and markdown pipe tables
 *   (`| a | b |` with a `|---|---|` line under the header);
 * - pandoc grid tables (`+----+----+` borders; a cell may run over several lines);
 * - pandoc simple tables (runs of dashes set the columns). Extraction collapses runs of spaces,
 *   so a simple table whose spacing is gone is read as two columns: a label, then its value.
 *
 * Pure functions over lines; `start`/`end` are line indexes so callers can quote the source.
 */

export type TableCell = {
  text: string;
  /** the header of the cell's column, when the table has a header row */
  column: string | null;
  /** the first non-empty cell of the cell's row (its label) */
  row: string | null;
};

export type Table = {
  /** first line of the table (inclusive) */
  start: number;
  /** line after the table (exclusive) */
  end: number;
  header: string[] | null;
  rows: TableRow[];
};

type TableRow = {
  cells: TableCell[];
  /** the lines this row was read from (a grid cell may span several) */
  start: number;
  end: number;
};

// A header cell names a column: short, no figures (a row of numbers is data, not a header).
const HEADER_MAX_WORDS = 5;

const PIPE_SEPARATOR = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;
const GRID_BORDER = /^\+[-=+:]+\+$/;
const DASH_RULE = /^-{3,}(\s+-{3,})*$/;

function isPipeRow(line: string): boolean {
  const t = line.trim();
  if (t.startsWith('|')) return t.indexOf('|', 1) > 0 || t.length > 1;
  return t.includes(' | ');
}

/** Splits `| a | b |` or `a | b` into trimmed cells (escaped `\|` stays in the cell). */
export function splitPipeRow(line: string): string[] {
  let t = line.trim();
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|') && !t.endsWith('\\|')) t = t.slice(0, -1);
  return t.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, '|').trim());
}

function hasFigures(text: string): boolean {
  return /\d/.test(text);
}

function looksLikeHeader(cells: string[]): boolean {
  const filled = cells.filter((c) => c !== '');
  if (filled.length < 2) return false;
  return filled.every(
    (c) => !hasFigures(c) && c.split(/\s+/).length <= HEADER_MAX_WORDS && !/[.!?]$/.test(c),
  );
}

/** A row whose first two cells are empty carries on the cell text of the row above. */
function isContinuation(cells: string[]): boolean {
  return cells.length >= 2 && cells[0] === '' && cells[1] === '';
}

function buildTable(
  start: number,
  end: number,
  header: string[] | null,
  raw: { cells: string[]; start: number; end: number }[],
): Table {
  const merged: typeof raw = [];
  for (const r of raw) {
    const prev = merged[merged.length - 1];
    if (prev && isContinuation(r.cells)) {
      r.cells.forEach((c, i) => {
        if (c) prev.cells[i] = prev.cells[i] ? `${prev.cells[i]} ${c}` : c;
      });
      prev.end = r.end;
    } else if (r.cells.some((c) => c !== '')) merged.push({ ...r, cells: [...r.cells] });
  }
  const useHeader = header && header.some((h) => h !== '') ? header : null;
  const rows = merged.map((r) => {
    const label = r.cells.find((c) => c !== '') ?? null;
    return {
      start: r.start,
      end: r.end,
      cells: r.cells.map((text, i) => ({ text, column: useHeader?.[i] || null, row: label })),
    };
  });
  return { start, end, header: useHeader, rows };
}

function readPipeTable(lines: string[], i: number): Table | null {
  let end = i;
  while (end < lines.length && (isPipeRow(lines[end]!) || PIPE_SEPARATOR.test(lines[end]!.trim())))
    end++;
  const block = lines.slice(i, end);
  const rowsOnly = block.filter((l) => !PIPE_SEPARATOR.test(l.trim()));
  // a lone `a | b` line is a table only when it is clearly one (markdown pipes or 3+ cells)
  if (rowsOnly.length < 2 && !(rowsOnly[0] && splitPipeRow(rowsOnly[0]).length >= 3)) return null;
  const sepAt = block.findIndex((l) => PIPE_SEPARATOR.test(l.trim()));
  let header: string[] | null = null;
  const raw: { cells: string[]; start: number; end: number }[] = [];
  block.forEach((line, k) => {
    if (PIPE_SEPARATOR.test(line.trim())) return;
    const cells = splitPipeRow(line);
    if (sepAt > 0 && k === sepAt - 1 && header === null) header = cells;
    else raw.push({ cells, start: i + k, end: i + k + 1 });
  });
  if (sepAt === -1 && raw.length >= 2 && looksLikeHeader(raw[0]!.cells)) {
    header = raw.shift()!.cells;
  }
  return buildTable(i, end, header, raw);
}

/** Column spans [from, to) of a grid border `+----+-----+`. */
function gridColumns(border: string): [number, number][] {
  const cols: [number, number][] = [];
  let from = 1;
  for (let k = 1; k < border.length; k++) {
    if (border[k] === '+') {
      cols.push([from, k]);
      from = k + 1;
    }
  }
  return cols;
}

function readGridTable(lines: string[], i: number): Table | null {
  const first = lines[i]!.trim();
  let end = i + 1;
  while (end < lines.length) {
    const t = lines[end]!.trim();
    if (!(t.startsWith('|') || GRID_BORDER.test(t))) break;
    end++;
  }
  if (end - i < 3) return null;
  const cols = gridColumns(first);
  const raw: { cells: string[]; start: number; end: number }[] = [];
  let header: string[] | null = null;
  let current: string[] | null = null;
  let currentStart = i + 1;
  const flush = (k: number, isHeaderBorder: boolean) => {
    if (current) {
      const cells = current.map((c) => c.replace(/\s+/g, ' ').trim());
      if (isHeaderBorder && header === null && raw.length === 0) header = cells;
      else raw.push({ cells, start: currentStart, end: k });
    }
    current = null;
    currentStart = k + 1;
  };
  for (let k = i + 1; k < end; k++) {
    const t = lines[k]!.trim();
    if (GRID_BORDER.test(t)) {
      flush(k, t.includes('='));
      continue;
    }
    // widths survive when whitespace was kept; otherwise fall back to the pipes
    const byWidth = t.length === first.length;
    const cells = byWidth
      ? cols.map(([a, b]) => t.slice(a, b).replace(/\|/g, ' '))
      : splitPipeRow(t);
    if (!current) current = cells.map(() => '');
    cells.forEach((c, n) => {
      if (current![n] === undefined) current![n] = '';
      current![n] += ` ${c.trim()}`;
    });
  }
  flush(end, false);
  return buildTable(i, end, header, raw);
}

/** Column spans from a dash rule `-----  ------`. */
function dashColumns(rule: string): [number, number][] {
  const cols: [number, number][] = [];
  for (const m of rule.matchAll(/-+/g)) cols.push([m.index!, m.index! + m[0].length]);
  return cols;
}

/** Splits a simple-table line by the rule's columns; a line with collapsed spacing has 2 cells. */
function splitSimpleRow(line: string, cols: [number, number][], labels: RegExp | null): string[] {
  if (/ {2,}/.test(line)) {
    return cols.map(([a], n) => line.slice(a, cols[n + 1]?.[0] ?? line.length).trim());
  }
  const t = line.trim();
  const known = labels?.exec(t);
  if (known && known.index === 0) return [known[0].trim(), t.slice(known[0].length).trim()];
  const sp = t.indexOf(' ');
  return sp === -1 ? [t, ''] : [t.slice(0, sp), t.slice(sp + 1).trim()];
}

function readSimpleTable(lines: string[], i: number, labels: RegExp | null): Table | null {
  const rule = lines[i]!;
  const cols = dashColumns(rule);
  if (cols.length < 2) return null;
  // the header sits right above the first rule when it is not blank
  const headerLine = i > 0 && lines[i - 1]!.trim() !== '' ? lines[i - 1]! : null;
  let end = i + 1;
  const raw: { cells: string[]; start: number; end: number }[] = [];
  while (end < lines.length) {
    const t = lines[end]!.trim();
    if (DASH_RULE.test(t)) {
      end++;
      break;
    }
    if (t === '') {
      // a blank line ends a table without a closing rule
      if (lines[end + 1] === undefined || !DASH_RULE.test(lines[end + 1]!.trim())) break;
      end++;
      continue;
    }
    raw.push({ cells: splitSimpleRow(lines[end]!, cols, labels), start: end, end: end + 1 });
    end++;
  }
  if (raw.length === 0) return null;
  const header = headerLine ? splitSimpleRow(headerLine, cols, null) : null;
  return buildTable(headerLine ? i - 1 : i, end, header, raw);
}

/**
 * Finds the tables among `lines`. `labels` (optional) recognises field labels at the start of a
 * simple-table row whose spacing was collapsed ("Credit Hours 3" → ["Credit Hours", "3"]).
 */
export function findTables(lines: readonly string[], labels: RegExp | null = null): Table[] {
  const ls = lines.map((l) => l.replace(/\s+$/, ''));
  const tables: Table[] = [];
  let i = 0;
  while (i < ls.length) {
    const t = ls[i]!.trim();
    let table: Table | null = null;
    if (GRID_BORDER.test(t)) table = readGridTable(ls, i);
    else if (DASH_RULE.test(t) && /\s/.test(t) && ls[i + 1]?.trim()) {
      table = readSimpleTable(ls, i, labels);
    } else if (isPipeRow(t)) table = readPipeTable(ls, i);
    if (table) {
      tables.push(table);
      i = Math.max(table.end, i + 1);
    } else i++;
  }
  return tables;
}
