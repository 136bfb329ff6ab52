const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

/**
 * A short title set in body type, alone on its line ("Course prerequisites", "Textbook", "How to
 * submit your assignments"): a capital first, no sentence or clause punctuation, at most six words.
 */
const BODY_TITLE = /^\p{Lu}[^.!?:;,=|]*[\p{L})]$/u;
const BODY_TITLE_MAX_WORDS = 6;
export const isBodyTitle = (line: string) =>
  BODY_TITLE.test(line) && line.split(/\s+/).length <= BODY_TITLE_MAX_WORDS;

export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD)) n++;
  return n;
}

/** Normalises whitespace while keeping line structure: one blank line at most between blocks. */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t\f\v]/g, ' ')
    .replace(/[\u200b\u00ad\ufeff]/g, '')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// Windows-1252 0x80–0x9F (Node's TextDecoder treats 'windows-1252' as Latin-1 there)
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(data: Uint8Array): string {
  let out = '';
  for (let i = 0; i < data.length; i += 8192) {
    const part = data.subarray(i, i + 8192);
    let chunk = '';
    for (const byte of part) {
      chunk += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
    }
    out += chunk;
  }
  return out;
}

/** UTF-8 (BOM stripped), falling back to Windows-1252 when the bytes are not valid UTF-8. */
export function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return decodeWindows1252(data);
  }
}

function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let inQuotes = false;
  for (let i = 0; i < text.length && i < 10_000; i++) {
    const ch = text[i]!;
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === '\n') break;
    else if (!inQuotes && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, c] of counts) if (c > counts.get(best)!) best = d;
  return best;
}

/** RFC 4180: quoted fields, doubled quotes, delimiters and new lines inside quotes. */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else field += ch;
    } else if (ch === '"' && field.length === 0) {
      inQuotes = true;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Formats table rows as `a | b | c` lines, dropping empty rows and trailing empty cells. */
export function formatRows(rows: readonly (readonly string[])[]): string {
  const lines: string[] = [];
  for (const raw of rows) {
    const cells = raw.map((c) => c.replace(/\s+/g, ' ').trim());
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0) continue;
    lines.push(cells.join(' | '));
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- chunking

export type Chunk = { position: number; heading: string | null; body: string; wordCount: number };

const MIN_WORDS = 100;
const MAX_WORDS = 250;
const OVERLAP_WORDS = 30;
const UNIT_MAX = MAX_WORDS - OVERLAP_WORDS;
const HEADING = /^#{1,6}\s+(.*)$/;

type Unit = { text: string; words: number };

function splitLongUnit(text: string, limit: number): Unit[] {
  const sentences = text.match(/[^.!?]+(?:[.!?]+["'’”)\]]*|$)\s*/g) ?? [text];
  const units: Unit[] = [];
  let cur = '';
  let curWords = 0;
  const push = () => {
    if (cur.trim()) units.push({ text: cur.trim(), words: curWords });
    cur = '';
    curWords = 0;
  };
  for (const sentence of sentences) {
    const w = countWords(sentence);
    if (w > limit) {
      push();
      // split by words
      const tokens = sentence.trim().split(/\s+/);
      let piece: string[] = [];
      let pieceWords = 0;
      for (const t of tokens) {
        const tw = countWords(t);
        if (pieceWords + tw > limit && pieceWords > 0) {
          units.push({ text: piece.join(' '), words: pieceWords });
          piece = [];
          pieceWords = 0;
        }
        piece.push(t);
        pieceWords += tw;
      }
      if (piece.length) units.push({ text: piece.join(' '), words: pieceWords });
    } else if (curWords + w > limit) {
      push();
      cur = sentence;
      curWords = w;
    } else {
      cur += sentence;
      curWords += w;
    }
  }
  push();
  return units;
}

/** Takes the first `n` counted words of a unit; returns [head, rest]. */
function takeWords(unit: Unit, n: number): [Unit, Unit | null] {
  const tokens = unit.text.split(/(\s+)/);
  let words = 0;
  let i = 0;
  for (; i < tokens.length; i++) {
    const w = countWords(tokens[i]!);
    if (words + w > n) break;
    words += w;
  }
  const head = tokens.slice(0, i).join('').trim();
  const rest = tokens.slice(i).join('').trim();
  return [
    { text: head, words: countWords(head) },
    rest ? { text: rest, words: countWords(rest) } : null,
  ];
}

function tailWords(text: string, n: number): string {
  const tokens = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let words = 0;
  for (let i = tokens.length - 1; i >= 0 && words < n; i--) {
    out.unshift(tokens[i]!);
    words += countWords(tokens[i]!);
  }
  return out.join(' ');
}

/** heading-aware chunks of ~100–250 words with a small overlap (~30 words) between neighbours in the same section */
export function chunkText(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  const sections: { heading: string | null; blocks: string[] }[] = [{ heading: null, blocks: [] }];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  const flushPara = () => {
    if (para.length) sections[sections.length - 1]!.blocks.push(para.join('\n'));
    para = [];
  };
  for (const line of lines) {
    const m = HEADING.exec(line.trim());
    if (m) {
      flushPara();
      sections.push({ heading: m[1]!.replace(/\s+#+$/, '').trim(), blocks: [] });
    } else if (line.trim() === '') flushPara();
    else para.push(line.trim());
  }
  flushPara();

  const emit = (heading: string | null, parts: string[]) => {
    const body = parts.join('\n\n').trim();
    const wordCount = countWords(body);
    if (wordCount === 0) return;
    chunks.push({ position: chunks.length, heading, body, wordCount });
  };

  for (const section of sections) {
    const units: Unit[] = [];
    for (const block of section.blocks) {
      const words = countWords(block);
      if (words === 0) continue;
      if (words <= UNIT_MAX) units.push({ text: block, words });
      else if (block.includes('\n')) {
        // tables and lists: split by lines first
        let cur: string[] = [];
        let curWords = 0;
        for (const line of block.split('\n')) {
          const w = countWords(line);
          if (curWords + w > UNIT_MAX && cur.length) {
            units.push({ text: cur.join('\n'), words: curWords });
            cur = [];
            curWords = 0;
          }
          if (w > UNIT_MAX) units.push(...splitLongUnit(line, UNIT_MAX));
          else {
            cur.push(line);
            curWords += w;
          }
        }
        if (cur.length) units.push({ text: cur.join('\n'), words: curWords });
      } else units.push(...splitLongUnit(block, UNIT_MAX));
    }

    let parts: string[] = [];
    let words = 0;
    let fresh = 0; // words in the current chunk that are not overlap
    const queue = [...units];
    while (queue.length) {
      const unit = queue.shift()!;
      if (words + unit.words <= MAX_WORDS) {
        parts.push(unit.text);
        words += unit.words;
        fresh += unit.words;
        continue;
      }
      if (words < MIN_WORDS) {
        // fill the current chunk to ~200 words with the head of this unit
        const [head, rest] = takeWords(unit, Math.max(1, 200 - words));
        parts.push(head.text);
        words += head.words;
        fresh += head.words;
        if (rest) queue.unshift(rest);
      } else queue.unshift(unit);
      emit(section.heading, parts);
      const overlap = tailWords(parts.join('\n\n'), OVERLAP_WORDS);
      parts = overlap ? [overlap] : [];
      words = countWords(overlap);
      fresh = 0;
    }
    if (fresh > 0) emit(section.heading, parts);
  }
  return chunks;
}
