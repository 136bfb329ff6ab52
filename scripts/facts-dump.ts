/**
 * Every course fact the extractor reads from the given corpus courses, one per line, to judge
 * each against its document. Same pipeline as `npm run facts:report` (the extraction feature's
 * extractor, Markdown uploaded as text, then `extractFacts`).
 *
 *   npm run facts:dump -- <course-id>…          kind | subject | attribute | value
 *   npm run facts:dump -- --all                  every course of the corpus
 *   npm run facts:dump -- --text <course-id>…    also prints the text the extractor read
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createExtractor } from '../apps/api/src/features/extraction/index.ts';
import { extractFacts } from '../apps/api/src/features/facts/extract.ts';

const corpus = resolve(import.meta.dirname, '../../shared/eval/corpus');
const args = process.argv.slice(2);
const withText = args.includes('--text');
const all = args.includes('--all');
const named = args.filter((a) => !a.startsWith('--'));
const courses = all
  ? readdirSync(corpus, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()
  : named;
if (courses.length === 0) {
  console.error('usage: npm run facts:dump -- [--text] <course-id>… | --all');
  process.exit(1);
}

const asUploaded = (file: string) => (/\.(md|markdown|html?)$/i.test(file) ? `${file}.txt` : file);

const extractor = createExtractor({ timeoutMs: 300_000 });
try {
  for (const course of courses) {
    console.log(`\n=== ${course}`);
    for (const file of readdirSync(join(corpus, course)).sort()) {
      const data = readFileSync(join(corpus, course, file));
      const doc = await extractor.extract({ data, fileName: asUploaded(file) });
      if (withText) console.log(`--- text of ${file}\n${doc.text}\n--- facts of ${file}`);
      for (const f of extractFacts(doc.text)) {
        console.log(`${f.kind} | ${f.subject} | ${f.attribute} | ${f.value}`);
      }
    }
  }
} finally {
  await extractor.close();
}
