/**
 * The dated items the product reads from corpus courses, one per line, to judge each against its
 * document (issue 30): the same pipeline as `npm run facts:dump`, then the dates feature's
 * `datedItemsOf`. A course of the dev sets gets its term from its semester and year (as a class
 * would); another course's dates take the year its document writes, else none.
 *
 *   npm run dates:dump -- <course-id>…     date | kind | title | as written | source line
 *   npm run dates:dump -- --all            every course of the corpus, with a count per course
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Semester } from '@app/contracts';
import { defaultTerm } from '../apps/api/src/features/dates/calendar.ts';
import { datedItemsOf } from '../apps/api/src/features/dates/dated-items.ts';
import { createExtractor } from '../apps/api/src/features/extraction/index.ts';
import { extractFacts } from '../apps/api/src/features/facts/extract.ts';
import type { FactSheetEntry } from '../apps/api/src/features/facts/facts.service.ts';

const evalDir = resolve(import.meta.dirname, '../../shared/eval');
const corpus = join(evalDir, 'corpus');
const args = process.argv.slice(2);
const named = args.filter((a) => !a.startsWith('--'));
const courses = args.includes('--all')
  ? readdirSync(corpus, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()
  : named;
if (courses.length === 0) {
  console.error('usage: npm run dates:dump -- <course-id>… | --all');
  process.exit(1);
}

/** Each dev-set course's semester and year, as its class is made. */
const terms = new Map<string, { semester: Semester; year: number }>();
for (const set of ['dev.json', 'dev-b.json']) {
  const path = join(evalDir, set);
  if (!existsSync(path)) continue;
  for (const c of JSON.parse(readFileSync(path, 'utf8')).courses)
    if (c.class.semester && c.class.year) terms.set(c.id, c.class);
}

const asUploaded = (file: string) => (/\.(md|markdown|html?)$/i.test(file) ? `${file}.txt` : file);
const counts: string[] = [];
const extractor = createExtractor({ timeoutMs: 300_000 });
try {
  for (const course of courses) {
    console.log(`\n=== ${course}`);
    const known = terms.get(course);
    const term = known ? defaultTerm(known.semester, known.year) : { start: null, end: null };
    let found = 0;
    for (const file of readdirSync(join(corpus, course)).sort()) {
      const doc = await extractor.extract({
        data: readFileSync(join(corpus, course, file)),
        fileName: asUploaded(file),
      });
      const year = Number(/\b(20\d{2}|19\d{2})\b/.exec(doc.text)?.[1] ?? new Date().getFullYear());
      const sheet: FactSheetEntry[] = extractFacts(doc.text).map((f, i) => ({
        ...f,
        id: String(i),
        origin: 'extracted',
        contentId: file,
        contentTitle: file,
        contentType: 'syllabus',
        chunkId: null,
      }));
      for (const item of datedItemsOf(sheet, term, known?.year ?? year)) {
        found += 1;
        const source = (item.fact.sourceText ?? '').replace(/\s+/g, ' ').slice(0, 140);
        console.log(`${item.date} | ${item.kind} | ${item.title} | ${item.when} | ${source}`);
      }
    }
    counts.push(`${course}\t${found}\t${known ? `${known.semester} ${known.year}` : 'no term'}`);
  }
  console.log(`\n=== dated items per course\n${counts.join('\n')}`);
} finally {
  await extractor.close();
}
