/**
 * How many course facts the extractor finds in every course of the eval corpus, per kind, and how
 * many of them are right: the hand labels of `eval/fact-labels.json` against today's facts.
 * Runs the real pipeline of an upload: the extraction feature's extractor (PDF, DOCX, text;
 * Markdown goes up as text, as `npm run eval` sends it), then `extractFacts`.
 *
 *   npm run facts:report                     counts per course and kind, totals, and the
 *                                            precision of every kind (labels / correct / stated)
 *   npm run facts:report -- --show <course>  also lists that course's facts
 *   npm run facts:report -- --sample         also prints the labels' sample as drawn from today's
 *                                            facts (seed and sizes from eval/fact-labels.json),
 *                                            each marked labelled or not
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FACT_KINDS, type FactKind } from '@app/contracts';
import { STATED_FACT_KINDS } from '../apps/api/src/features/answering/fact-trust.ts';
import { createExtractor } from '../apps/api/src/features/extraction/index.ts';
import { extractFacts, type Fact } from '../apps/api/src/features/facts/extract.ts';
import {
  factKey,
  MIN_LABELS_TO_STATE,
  precisionByKind,
  sampleFacts,
  STATED_PRECISION,
  statedKinds,
  type CourseFactRow,
  type LabelFile,
} from './lib/fact-precision.ts';

const corpus = resolve(import.meta.dirname, '../../shared/eval/corpus');
const showAt = process.argv.indexOf('--show');
const show = showAt === -1 ? null : (process.argv[showAt + 1] ?? '');
const showSample = process.argv.includes('--sample');
const labelsPath = resolve(import.meta.dirname, '../eval/fact-labels.json');

const SHORT: Record<FactKind, string> = {
  meeting: 'meet',
  staff: 'staff',
  prerequisite: 'prereq',
  corequisite: 'coreq',
  text: 'text',
  software: 'softw',
  grading: 'grading',
  grade_scale: 'scale',
  exam: 'exam',
  policy: 'policy',
  accommodations: 'accom',
  key_date: 'dates',
};

const asUploaded = (file: string) => (/\.(md|markdown|html?)$/i.test(file) ? `${file}.txt` : file);

const extractor = createExtractor({ timeoutMs: 300_000 });
const rows: { course: string; counts: Record<FactKind, number>; ms: number }[] = [];
const everyFact: CourseFactRow[] = [];
try {
  const courses = readdirSync(corpus, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const course of courses) {
    const facts: Fact[] = [];
    let ms = 0;
    for (const file of readdirSync(join(corpus, course)).sort()) {
      const data = readFileSync(join(corpus, course, file));
      const doc = await extractor.extract({ data, fileName: asUploaded(file) });
      const t0 = performance.now();
      facts.push(...extractFacts(doc.text));
      ms += performance.now() - t0;
    }
    const counts = Object.fromEntries(FACT_KINDS.map((k) => [k, 0])) as Record<FactKind, number>;
    for (const f of facts) counts[f.kind]++;
    everyFact.push(...facts.map((f) => ({ course, ...f })));
    rows.push({ course, counts, ms });
    if (show !== null && course.includes(show)) {
      console.log(`\n${course}`);
      for (const f of facts)
        console.log(`  ${f.kind} | ${f.subject} | ${f.attribute} | ${f.value}`);
    }
  }
} finally {
  await extractor.close();
}

const width = Math.max(...rows.map((r) => r.course.length), 'course'.length);
const cols = FACT_KINDS.map((k) => SHORT[k]);
const line = (name: string, values: (number | string)[]) =>
  `${name.padEnd(width)} ${values.map((v, i) => String(v).padStart(Math.max(cols[i]?.length ?? 5, 5))).join(' ')}`;
console.log(line('course', [...cols, 'total']));
const totals = Object.fromEntries(FACT_KINDS.map((k) => [k, 0])) as Record<FactKind, number>;
for (const r of rows) {
  const values = FACT_KINDS.map((k) => r.counts[k]);
  FACT_KINDS.forEach((k) => (totals[k] += r.counts[k]));
  console.log(line(r.course, [...values, values.reduce((a, b) => a + b, 0)]));
}
const all = FACT_KINDS.map((k) => totals[k]);
console.log(line('TOTAL', [...all, all.reduce((a, b) => a + b, 0)]));
const withKind = FACT_KINDS.map((k) => rows.filter((r) => r.counts[k] > 0).length);
console.log(line(`courses with (of ${rows.length})`, [...withKind, '']));
const slowest = rows.reduce((a, b) => (b.ms > a.ms ? b : a));
console.log(
  `\nextractFacts: ${(rows.reduce((n, r) => n + r.ms, 0) / rows.length).toFixed(1)} ms per course on average, slowest ${slowest.ms.toFixed(1)} ms (${slowest.course})`,
);

// ---------------------------------------------------------------- precision (decision 013)

const file = JSON.parse(readFileSync(labelsPath, 'utf8')) as LabelFile;
const report = precisionByKind(file.labels, everyFact);
const pct = (p: number | null) => (p === null ? '-' : `${(100 * p).toFixed(1)}%`);
console.log(
  `\nPrecision per kind: ${file.labels.length} hand labels (eval/fact-labels.json, ${file.sample.by}) against today's facts; stated = at least ${100 * STATED_PRECISION}% on at least ${MIN_LABELS_TO_STATE} labels`,
);
const kindWidth = Math.max(...FACT_KINDS.map((k) => k.length), 'kind'.length);
const pline = (cells: string[]) =>
  `${cells[0]!.padEnd(kindWidth)} ${cells
    .slice(1)
    .map((c, i) => c.padStart([8, 8, 10, 6, 7][i] ?? 8))
    .join(' ')}`;
console.log(pline(['kind', 'labelled', 'correct', 'precision', 'stale', 'stated']));
for (const k of report.kinds) {
  console.log(
    pline([
      k.kind,
      String(k.labelled),
      String(k.correct),
      pct(k.precision),
      String(k.stale),
      k.stated ? 'yes' : 'no',
    ]),
  );
}
console.log(
  pline([
    'all',
    String(report.labelled),
    String(report.correct),
    pct(report.precision),
    String(report.stale.length),
    '',
  ]),
);
if (report.stale.length > 0) {
  console.log(
    `\n${report.stale.length} stale label(s): the extractor no longer reads these facts; re-check them (they count in no precision above):`,
  );
  for (const l of report.stale)
    console.log(`  ${l.course} | ${l.kind} | ${l.subject} | ${l.attribute} | ${l.value}`);
}
const measured = statedKinds(report);
const constant = [...STATED_FACT_KINDS].sort();
if (measured.slice().sort().join() !== constant.join()) {
  console.log(
    `\nSTATED_FACT_KINDS (fact-trust.ts) is [${constant.join(', ')}] but today's facts measure [${measured.join(', ')}]: re-label the stale facts and update it.`,
  );
}

if (showSample) {
  const labelled = new Set(file.labels.map(factKey));
  const { seed, size, min_per_kind: min } = file.sample;
  const sample = sampleFacts(everyFact, seed, size, min);
  console.log(
    `\nThe sample drawn from today's ${everyFact.length} facts (seed ${seed}, ${size} facts, at least ${min} a kind): * = not labelled yet`,
  );
  for (const f of sample) {
    const mark = labelled.has(factKey(f)) ? ' ' : '*';
    console.log(`${mark} ${f.course} | ${f.kind} | ${f.subject} | ${f.attribute} | ${f.value}`);
  }
}
