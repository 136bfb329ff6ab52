/**
 * How many course facts the extractor finds in every course of the eval corpus, per kind.
 * Runs the real pipeline of an upload: the extraction feature's extractor (PDF, DOCX, text;
 * Markdown goes up as text, as `npm run eval` sends it), then `extractFacts`.
 *
 *   npm run facts:report                     counts per course and kind, and totals
 *   npm run facts:report -- --show <course>  also lists that course's facts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FACT_KINDS, type FactKind } from '@app/contracts';
import { createExtractor } from '../apps/api/src/features/extraction/index.ts';
import { extractFacts, type Fact } from '../apps/api/src/features/facts/extract.ts';

const corpus = resolve(import.meta.dirname, '../../shared/eval/corpus');
const showAt = process.argv.indexOf('--show');
const show = showAt === -1 ? null : (process.argv[showAt + 1] ?? '');

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
