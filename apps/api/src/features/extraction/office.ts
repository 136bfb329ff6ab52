import { MESSAGES, damaged, invalid } from './errors.ts';
import { htmlToText } from './html.ts';
import { formatRows, normalizeText } from './text.ts';

export async function extractDocx(data: Buffer): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: data }, { ignoreEmptyParagraphs: true })).value;
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

export async function extractXlsx(data: Buffer): Promise<{ text: string; sheets: number }> {
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

export async function extractXls(data: Buffer): Promise<{ text: string; sheets: number }> {
  const XLSX = await import('@e965/xlsx');
  let wb;
  try {
    wb = XLSX.read(data, { type: 'buffer', cellDates: true, cellFormula: false, cellHTML: false });
  } catch (err) {
    if (/password|encrypt/i.test(String((err as Error)?.message))) throw invalid(MESSAGES.password);
    throw damaged('xls');
  }
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
