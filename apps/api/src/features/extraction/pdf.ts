import { MESSAGES, damaged, invalid, overLimit } from './errors.ts';
import type { ExtractionLimits } from './limits.ts';
import { type DecodeBudget, closeDecodeBudget, loadPdfjs, openDecodeBudget } from './pdf-guard.ts';
import { countWords, isBodyTitle, normalizeText } from './text.ts';

type Item = { str: string; x: number; y: number; w: number; size: number; eol: boolean };
type Line = {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  chars: number;
  col: number;
};

type PdfTextItem = {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
};

const BULLET = /^(?:[•◦▪▫●○■□‣⁃∙·]\s*|[*–-]\s+)(?=\S)/;
/** a line that begins a new thought: a capital, a digit, an opening quote or bracket */
const LINE_START = /^[\p{Lu}\d“"'‘([]/u;
const PAGE_NUMBER = /^(?:page\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

function isTextItem(item: unknown): item is PdfTextItem {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

/** Groups text items into visual lines, then splits a line where a wide horizontal gap sits. */
function buildLines(items: Item[]): Line[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Item[][] = [];
  for (const item of sorted) {
    const row = rows[rows.length - 1];
    const ref = row?.[0];
    if (
      row &&
      ref &&
      Math.abs(ref.y - item.y) <= Math.max(1, Math.min(ref.size, item.size) * 0.45)
    ) {
      row.push(item);
    } else rows.push([item]);
  }
  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    let frag: Item[] = [];
    const flush = () => {
      if (!frag.length) return;
      let text = '';
      let prev: Item | null = null;
      let sizeWeight = new Map<number, number>();
      for (const it of frag) {
        if (prev) {
          const gap = it.x - (prev.x + prev.w);
          if (gap > it.size * 0.15 && !/\s$/.test(text) && !/^\s/.test(it.str)) text += ' ';
        }
        text += it.str;
        const s = Math.round(it.size * 2) / 2;
        sizeWeight.set(s, (sizeWeight.get(s) ?? 0) + it.str.trim().length);
        prev = it;
      }
      let size = frag[0]!.size;
      let best = -1;
      for (const [s, n] of sizeWeight) if (n > best) [size, best] = [s, n];
      sizeWeight = new Map();
      const clean = text.replace(/\s+/g, ' ').trim();
      if (clean) {
        const last = frag[frag.length - 1]!;
        lines.push({
          text: clean,
          x0: frag[0]!.x,
          x1: last.x + last.w,
          y: frag[0]!.y,
          size,
          chars: clean.length,
          col: 0,
        });
      }
      frag = [];
    };
    for (const it of row) {
      const prev = frag[frag.length - 1];
      if (prev && it.x - (prev.x + prev.w) > Math.max(prev.size, it.size) * 1.8) flush();
      frag.push(it);
    }
    flush();
  }
  return lines;
}

/** Orders lines for reading; handles a two-column layout when line fragments cluster left and right. */
function orderLines(lines: Line[], pageWidth: number): Line[] {
  const mid = pageWidth / 2;
  const left = lines.filter((l) => l.x1 <= mid + 2);
  const right = lines.filter((l) => l.x0 >= mid - 2);
  const spanning = lines.filter((l) => l.x1 > mid + 2 && l.x0 < mid - 2);
  const twoColumns =
    left.length >= 5 && right.length >= 5 && spanning.length <= 0.2 * (left.length + right.length);
  if (!twoColumns) return lines; // already top-to-bottom, left-to-right
  const colTop = Math.max(...[...left, ...right].map((l) => l.y));
  const colBottom = Math.min(...[...left, ...right].map((l) => l.y));
  const above = spanning.filter((l) => l.y > colTop);
  const below = spanning.filter((l) => l.y < colBottom);
  const inside = spanning.filter((l) => l.y <= colTop && l.y >= colBottom);
  const byY = (a: Line, b: Line) => b.y - a.y;
  for (const l of right) l.col = 1;
  return [
    ...above.sort(byY),
    ...[...left, ...inside].sort(byY),
    ...right.sort(byY),
    ...below.sort(byY),
  ];
}

type PageLines = { lines: Line[] };

function dominantBodySize(pages: PageLines[]): number {
  const weight = new Map<number, number>();
  for (const p of pages)
    for (const l of p.lines) weight.set(l.size, (weight.get(l.size) ?? 0) + l.chars);
  let body = 10;
  let best = -1;
  for (const [s, n] of weight) if (n > best) [body, best] = [s, n];
  return body;
}

/**
 * Drops running headers/footers (a line at the top or bottom of most pages, at most body size)
 * and bare page numbers. Lines that differ only in their numbers count as the same when short.
 */
function dropHeadersFooters(pages: PageLines[], bodySize: number): void {
  const candidate = (l: Line) => l.size <= bodySize * 1.05;
  const key = (l: Line) =>
    l.text.split(' ').length <= 8
      ? l.text.toLowerCase().replace(/\d+/g, '#')
      : l.text.toLowerCase();
  const counts = new Map<string, number>();
  for (const p of pages) {
    const edge = new Set([...p.lines.slice(0, 2), ...p.lines.slice(-2)].filter(candidate).map(key));
    for (const k of edge) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const threshold = Math.max(3, pages.length * 0.5);
  const repeated = new Set([...counts].filter(([, n]) => n >= threshold).map(([k]) => k));
  for (const p of pages) {
    const n = p.lines.length;
    p.lines = p.lines.filter((l, i) => {
      if (!(i < 2 || i >= n - 2) || !candidate(l)) return true;
      if (PAGE_NUMBER.test(l.text)) return false;
      return !repeated.has(key(l));
    });
  }
}

function joinLines(a: string, b: string, vocabulary: Set<string>): string {
  const m = /(\p{L}+)-$/u.exec(a);
  if (m && /^\p{Ll}/u.test(b)) {
    const next = /^\p{L}+/u.exec(b)?.[0] ?? '';
    const joined = (m[1]! + next).toLowerCase();
    // a hyphen broken over a line: drop it when the joined word is used elsewhere in the document
    if (vocabulary.has(joined)) return a.slice(0, -1) + b;
    return a + b;
  }
  return `${a} ${b}`;
}

function assemble(pages: PageLines[]): string {
  const body = dominantBodySize(pages);
  const headingSizes = [
    ...new Set(
      pages.flatMap((p) => p.lines.filter((l) => l.size >= body * 1.15).map((l) => l.size)),
    ),
  ].sort((a, b) => b - a);
  const levelOf = (size: number) => Math.min(3, headingSizes.indexOf(size) + 1);
  const vocabulary = new Set<string>();
  for (const p of pages) {
    for (const l of p.lines)
      for (const w of l.text.toLowerCase().match(/\p{L}+/gu) ?? []) vocabulary.add(w);
  }

  const blocks: string[] = [];
  let para: string | null = null;
  let paraIsList = false;
  let paraLines = 0;
  let heading: { level: number; size: number; text: string } | null = null;
  // a title in body type ranks below every larger heading
  const bodyTitleLevel = Math.min(3, headingSizes.length + 1);
  /** where each body-type title is in `blocks`, with its text */
  const bodyTitles = new Map<number, string>();
  const flush = () => {
    if (heading) blocks.push(`${'#'.repeat(heading.level)} ${heading.text}`);
    heading = null;
    if (para !== null) {
      // a title right under another such title is its content ("Corequisites" above "ECE 332L")
      const underTitle = bodyTitles.has(blocks.length - 1);
      const title = !paraIsList && !underTitle && paraLines === 1 && isBodyTitle(para);
      if (title) bodyTitles.set(blocks.length, para);
      blocks.push(
        title ? `${'#'.repeat(bodyTitleLevel)} ${para}` : paraIsList ? `- ${para}` : para,
      );
    }
    para = null;
    paraIsList = false;
    paraLines = 0;
  };
  for (const page of pages) {
    let prev: Line | null = null;
    const maxX = [0, 0];
    for (const l of page.lines) maxX[l.col] = Math.max(maxX[l.col]!, l.x1);
    for (const line of page.lines) {
      const isHeading = line.size >= body * 1.15 && line.chars <= 200 && /\p{L}/u.test(line.text);
      if (isHeading) {
        const level = levelOf(line.size);
        if (heading && heading.size === line.size && prev && prev.y - line.y < line.size * 2) {
          heading.text += ` ${line.text}`;
        } else {
          flush();
          heading = { level, size: line.size, text: line.text };
        }
        prev = line;
        continue;
      }
      const bullet = BULLET.exec(line.text);
      const isBullet = bullet !== null;
      const text = isBullet ? line.text.slice(bullet![0].length) : line.text;
      let newPara = para === null || heading !== null || isBullet;
      if (!newPara && prev) {
        const gap = prev.y - line.y;
        const columnJump = gap < 0; // moved up: next column or a new page region
        const loose = gap > Math.max(prev.size, line.size) * 1.75;
        // a line that stops well short of the margin was ended by its author, not wrapped
        const shortEnd =
          prev.x1 < maxX[prev.col]! * 0.75 && (/[.!?:]$/.test(prev.text) || LINE_START.test(text));
        newPara = loose || shortEnd || (columnJump && /[.!?:]$/.test(prev.text));
      }
      if (newPara) {
        flush();
        para = text;
        paraIsList = isBullet;
        paraLines = 1;
      } else {
        para = joinLines(para!, text, vocabulary);
        paraLines += 1;
      }
      prev = line;
    }
    // a paragraph may continue on the next page unless it ended a sentence
    if (para !== null && /[.!?:]$/.test(para)) flush();
  }
  flush();
  // a title introduces content: one followed by a heading, or by nothing, is content itself
  for (const [at, text] of bodyTitles)
    if (at === blocks.length - 1 || blocks[at + 1]!.startsWith('#')) blocks[at] = text;
  // consecutive list items stay on adjacent lines
  let out = '';
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (i > 0) out += b.startsWith('- ') && blocks[i - 1]!.startsWith('- ') ? '\n' : '\n\n';
    out += b;
  }
  return out;
}

export async function extractPdf(
  data: Uint8Array,
  limits: ExtractionLimits,
): Promise<{ text: string; pages: number }> {
  const pdfjs = await loadPdfjs();
  const budget = openDecodeBudget(limits);
  try {
    return await readPdf(pdfjs, data, limits, budget);
  } finally {
    closeDecodeBudget(budget);
  }
}

/** Throws when pdf.js passed a decode limit (it may have swallowed the error that stopped it). */
function checkBudget(budget: DecodeBudget, limits: ExtractionLimits): void {
  if (budget.exceeded === 'stream') {
    throw overLimit('VALIDATION_ERROR', MESSAGES.pdfStreamExpands(limits.pdfStreamBytes));
  }
  if (budget.exceeded === 'total')
    throw overLimit('VALIDATION_ERROR', MESSAGES.pdfExpands(limits.pdfTotalBytes));
}

async function readPdf(
  pdfjs: Awaited<ReturnType<typeof loadPdfjs>>,
  data: Uint8Array,
  limits: ExtractionLimits,
  budget: DecodeBudget,
): Promise<{ text: string; pages: number }> {
  const task = pdfjs.getDocument({
    // pdf.js refuses Buffers, and may detach what it is given
    data: new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => {});
    checkBudget(budget, limits);
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') throw invalid(MESSAGES.password);
    throw damaged('pdf');
  }
  try {
    checkBudget(budget, limits);
    if (doc.numPages > limits.pdfPages)
      throw overLimit('PAYLOAD_TOO_LARGE', MESSAGES.pdfPages(limits.pdfPages));
    const pages: PageLines[] = [];
    let readable = 0;
    let chars = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      let page;
      try {
        page = await doc.getPage(n);
      } catch {
        checkBudget(budget, limits);
        continue;
      }
      readable++;
      const viewport = page.getViewport({ scale: 1 });
      let content;
      try {
        content = await page.getTextContent({ includeMarkedContent: false });
      } finally {
        checkBudget(budget, limits);
      }
      const items: Item[] = [];
      for (const raw of content.items) {
        if (!isTextItem(raw) || raw.str.length === 0) continue;
        chars += raw.str.length;
        const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = raw.transform;
        const size = Math.hypot(c, d) || Math.hypot(a, b) || raw.height || 10;
        items.push({ str: raw.str, x: e, y: f, w: raw.width, size, eol: raw.hasEOL });
      }
      if (chars > limits.textChars)
        throw overLimit('PAYLOAD_TOO_LARGE', MESSAGES.textChars(limits.textChars));
      pages.push({ lines: orderLines(buildLines(items), viewport.width) });
      page.cleanup();
    }
    if (readable === 0) throw damaged('pdf');
    dropHeadersFooters(pages, dominantBodySize(pages));
    const text = normalizeText(assemble(pages));
    if (countWords(text) === 0) throw invalid(MESSAGES.scanned);
    return { text, pages: doc.numPages };
  } finally {
    await doc.destroy().catch(() => {});
  }
}
