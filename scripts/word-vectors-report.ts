// Measures the reduced word vectors: file size, load time, memory, coverage of the eval corpus and
// questions, and the speed of similarity(). Not a test (timings vary with the machine):
//   node --expose-gc --import tsx scripts/word-vectors-report.ts [path/to/eval]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createExtractor } from '../apps/api/src/features/extraction/index.ts';
import {
  meanVector,
  similarity,
  vectorOf,
  wordVectorInfo,
} from '../apps/api/src/features/retrieval/word-vectors.ts';

const EVAL_DIR = process.argv[2] ?? join(import.meta.dirname, '../../shared/eval');
const FILE = join(import.meta.dirname, '../apps/api/generated/word-vectors.bin');
// pairs per question the answering engine may score: question words × passage words
const PAIRS_PER_QUESTION = 5000;

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage();
const loadStart = performance.now();
const info = wordVectorInfo();
const loadMs = performance.now() - loadStart;
gc?.();
const after = process.memoryUsage();
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
console.log(
  `file: ${mb(statSync(FILE).size)}, ${info.words} words × ${info.dimensions} dimensions`,
);
console.log(
  `load: ${loadMs.toFixed(0)} ms; memory added: rss ${mb(after.rss - before.rss)}, ` +
    `heap ${mb(after.heapUsed - before.heapUsed)}, buffers ${mb(after.arrayBuffers - before.arrayBuffers)}` +
    (gc ? '' : ' (run with --expose-gc for steadier numbers)'),
);

/** Words of two or more letters (the source has no one-letter words). */
const wordsOf = (text: string) =>
  (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[a-z]+/g) ?? []
  ).filter((w) => w.length > 1);

function coverage(label: string, text: string): string[] {
  const counts = new Map<string, number>();
  for (const w of wordsOf(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  let tokens = 0;
  let knownTokens = 0;
  let knownTypes = 0;
  const missing: [string, number][] = [];
  for (const [w, n] of counts) {
    tokens += n;
    if (vectorOf(w)) {
      knownTokens += n;
      knownTypes++;
    } else missing.push([w, n]);
  }
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
  console.log(
    `${label}: ${pct(knownTokens, tokens)} of ${tokens} words, ` +
      `${pct(knownTypes, counts.size)} of ${counts.size} distinct words have a vector`,
  );
  missing.sort((a, b) => b[1] - a[1]);
  console.log(
    `  commonest without: ${missing
      .slice(0, 25)
      .map(([w, n]) => `${w} ${n}`)
      .join(', ')}`,
  );
  return [...counts.keys()];
}

type EvalSet = { courses: { questions: { question: string }[] }[] };
const questions = readdirSync(EVAL_DIR)
  .filter((f) => /^dev.*\.json$/.test(f))
  .flatMap((f) =>
    (JSON.parse(readFileSync(join(EVAL_DIR, f), 'utf8')) as EvalSet).courses.flatMap((c) =>
      c.questions.map((q) => q.question),
    ),
  );
const corpusDir = join(EVAL_DIR, 'corpus');
const extractor = createExtractor();
const texts: string[] = [];
for (const course of readdirSync(corpusDir)) {
  if (!statSync(join(corpusDir, course)).isDirectory()) continue;
  for (const name of readdirSync(join(corpusDir, course))) {
    const data = readFileSync(join(corpusDir, course, name));
    texts.push(
      name.endsWith('.md')
        ? data.toString('utf8')
        : (await extractor.extract({ data, fileName: name })).text,
    );
  }
}
await extractor.close();
const corpusWords = coverage(`corpus (${texts.length} documents)`, texts.join('\n'));
const questionWords = coverage(`questions (${questions.length})`, questions.join('\n'));

// similarity() over question words × corpus words, known and unknown mixed as they come
const a = questionWords.slice(0, 100);
const b = corpusWords.slice(0, PAIRS_PER_QUESTION / a.length);
let sink = 0;
const pass = () => {
  for (const x of a) for (const y of b) sink += similarity(x, y);
};
for (let i = 0; i < 20; i++) pass(); // warm up
const rounds = 200;
const start = performance.now();
for (let i = 0; i < rounds; i++) pass();
const perPass = (performance.now() - start) / rounds;
console.log(
  `similarity: ${((perPass * 1e6) / (a.length * b.length)).toFixed(0)} ns a call; ` +
    `${perPass.toFixed(2)} ms for ${a.length * b.length} pairs (one question's worth)`,
);
const meanCalls = 1000;
const phrases = Array.from({ length: 20 }, (_, i) => b.slice(i, i + 20));
const meanStart = performance.now();
for (let i = 0; i < meanCalls; i++) sink += meanVector(phrases[i % phrases.length]!)?.[0] ?? 0;
const meanMicros = ((performance.now() - meanStart) * 1000) / meanCalls;
console.log(`meanVector of 20 words: ${meanMicros.toFixed(1)} µs a call`);
if (Number.isNaN(sink)) console.log('unreachable');
