import { MESSAGES, damaged, invalid, overLimit } from './errors.ts';
import { htmlToText } from './html.ts';
import type { ExtractionLimits } from './limits.ts';
import { formatRows, normalizeText } from './text.ts';
import {
  type ZipEntry,
  ZipLimitError,
  ZipTooLargeError,
  inflateEntries,
  readZipDirectory,
} from './zip.ts';

/** how exceljs recognises a worksheet part (unanchored, as it matches) */
const WORKSHEET = /xl\/worksheets\/sheet(\d+)[.]xml/;
/** a cell element, `<c …>` or `<x:c …>`; never longer than CELL_MATCH_MAX characters */
const CELL = /<(?:[A-Za-z_][\w.-]{0,30}:)?c[\s/>]/g;
const CELL_MATCH_MAX = 40;

/** Counts cell elements in XML fed in pieces, each cell once even when split between pieces. */
class CellCounter {
  count = 0;
  private tail = '';

  feed(piece: string): void {
    const text = this.tail + piece;
    // a match starting in the last CELL_MATCH_MAX characters may be cut: count it next time
    const keep = Math.min(text.length, CELL_MATCH_MAX);
    const cut = text.length - keep;
    CELL.lastIndex = 0;
    for (let m = CELL.exec(text); m && m.index < cut; m = CELL.exec(text)) this.count++;
    this.tail = text.slice(cut);
  }

  end(): void {
    CELL.lastIndex = 0;
    while (CELL.exec(this.tail)) this.count++;
    this.tail = '';
  }
}

/**
 * Before a library opens a DOCX/XLSX: inflates every entry, counting the bytes it REALLY
 * produces (headers can lie), and for a spreadsheet counts its sheets and cells, so nothing is
 * parsed past a limit. Costs one extra inflate of the file, ~1 s per 200 MB at worst.
 */
async function checkZip(data: Buffer, kind: 'docx' | 'xlsx', limits: ExtractionLimits) {
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(data, limits).filter((e) => !e.name.endsWith('/'));
  } catch (err) {
    if (err instanceof ZipTooLargeError) throw invalid(MESSAGES.zipBomb);
    throw damaged(kind);
  }
  let onData: ((entry: ZipEntry, chunk: Buffer) => boolean) | undefined;
  const cells = new CellCounter();
  if (kind === 'xlsx') {
    const sheets = entries.filter((e) => WORKSHEET.test(e.name)).length;
    if (sheets > limits.sheets)
      throw overLimit('PAYLOAD_TOO_LARGE', MESSAGES.sheets(kind, limits.sheets));
    let current: ZipEntry | null = null;
    onData = (entry, chunk) => {
      if (entry !== current) {
        cells.end();
        current = entry;
      }
      if (!WORKSHEET.test(entry.name)) return false;
      cells.feed(chunk.toString('latin1'));
      return cells.count > limits.cells;
    };
  }
  try {
    await inflateEntries(data, entries, limits, onData);
  } catch (err) {
    if (!(err instanceof ZipLimitError)) throw err;
    throw overLimit(
      'VALIDATION_ERROR',
      err.limit === 'entry'
        ? MESSAGES.zipEntryExpands(kind, limits.zipEntryBytes)
        : MESSAGES.zipExpands(kind, limits.zipTotalBytes),
    );
  }
  cells.end();
  if (cells.count > limits.cells)
    throw overLimit('PAYLOAD_TOO_LARGE', MESSAGES.cells(kind, limits.cells));
}

export async function extractDocx(data: Buffer, limits: ExtractionLimits): Promise<string> {
  await checkZip(data, 'docx', limits);
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    const options = {
      ignoreEmptyParagraphs: true,
      // the text has no images: never inflate or base64-encode them
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
    };
    html = (await mammoth.convertToHtml({ buffer: data }, options)).value;
  } catch {
    throw damaged('docx');
  }
  return normalizeText(htmlToText(html));
}

export async function extractDoc(data: Buffer): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  let body: string;
  try {
    const doc = await new WordExtractor().extract(data);
    body = doc.getBody();
  } catch (err) {
    if (/encrypt|password/i.test(String((err as Error)?.message))) throw invalid(MESSAGES.password);
    throw damaged('doc');
  }
  // Word marks table cells with tabs; show cells as `a | b | c`.
  const lines = body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line.includes('\t')
        ? line
            .split('\t')
            .map((c) => c.trim())
            .filter((c, i, all) => c !== '' || i < all.length - 1)
            .join(' | ')
            .replace(/( \| )+$/, '')
        : line,
    );
  // one paragraph per line in Word's plain text: separate with blank lines, keep table rows together
  const out: string[] = [];
  for (const line of lines) {
    const isRow = line.includes(' | ');
    const prevRow = out.length > 0 && out[out.length - 1]!.includes(' | ');
    if (out.length && !(isRow && prevRow)) out.push('');
    out.push(line);
  }
  return normalizeText(out.join('\n'));
}

function cellText(value: unknown, text: string): string {
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
  }
  if (value && typeof value === 'object' && 'result' in value) {
    const result = (value as { result: unknown }).result;
    if (result instanceof Date) return cellText(result, '');
    if (result !== undefined && result !== null) {
      return typeof result === 'object' && 'error' in result
        ? String((result as { error: unknown }).error)
        : String(result);
    }
  }
  return text;
}

export async function extractXlsx(
  data: Buffer,
  limits: ExtractionLimits,
): Promise<{ text: string; sheets: number }> {
  await checkZip(data, 'xlsx', limits);
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw damaged('xlsx');
  }
  const sections: string[] = [];
  wb.eachSheet((ws) => {
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) {
        const cell = row.getCell(c);
        let text = '';
        try {
          text = cellText(cell.value, cell.text ?? '');
        } catch {
          text = String(cell.value ?? '');
        }
        cells.push(text);
      }
      rows.push(cells);
    });
    const body = formatRows(rows);
    sections.push(body ? `## Sheet: ${ws.name}\n\n${body}` : `## Sheet: ${ws.name}`);
  });
  return { text: normalizeText(sections.join('\n\n')), sheets: sections.length };
}

export async function extractXls(
  data: Buffer,
  limits: ExtractionLimits,
): Promise<{ text: string; sheets: number }> {
  const XLSX = await import('@e965/xlsx');
  let wb;
  try {
    wb = XLSX.read(data, { type: 'buffer', cellDates: true, cellFormula: false, cellHTML: false });
  } catch (err) {
    if (/password|encrypt/i.test(String((err as Error)?.message))) throw invalid(MESSAGES.password);
    throw damaged('xls');
  }
  // an .xls is not compressed: the parser's work is bounded by the upload size; check the result
  if (wb.SheetNames.length > limits.sheets) {
    throw overLimit('PAYLOAD_TOO_LARGE', MESSAGES.sheets('xls', limits.sheets));
  }
  let cells = 0;
  for (const name of wb.SheetNames) {
    for (const key in wb.Sheets[name]) if (key[0] !== '!') cells++;
  }
  if (cells > limits.cells)
    throw overLimit('PAYLOAD_TOO_LARGE', MESSAGES.cells('xls', limits.cells));
  const sections: string[] = [];
  for (const name of wb.SheetNames) {
    const ws = wb.Sheets[name];
    if (!ws) continue;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, {
      header: 1,
      raw: false,
      blankrows: false,
      defval: '',
      dateNF: 'yyyy-mm-dd',
    });
    const body = formatRows(
      rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c)))),
    );
    sections.push(body ? `## Sheet: ${name}\n\n${body}` : `## Sheet: ${name}`);
  }
  return { text: normalizeText(sections.join('\n\n')), sheets: sections.length };
}
