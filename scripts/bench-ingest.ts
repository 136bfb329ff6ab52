/**
 * Extraction throughput: pages/s and MB/s of our extractor (worker pool) over the PDF
 * fixtures and a generated 300-page PDF, next to `pdftotext` (poppler-utils) when installed,
 * plus the main event loop's delay p99 while extracting.
 *
 *   node --import tsx scripts/bench-ingest.ts
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createExtractor } from '../apps/api/src/features/extraction/index.ts';
import { makeSyntheticPdf } from '../apps/api/test/fixtures/synthetic-pdf.ts';

const fixtures = new URL('../apps/api/test/fixtures/', import.meta.url);
const inputs: { name: string; data: Buffer }[] = [
  'text.pdf',
  'multipage.pdf',
  'two-column.pdf',
].map((name) => ({ name, data: readFileSync(new URL(name, fixtures)) }));
inputs.push({ name: 'synthetic-300.pdf', data: makeSyntheticPdf(300) });

const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;
const tmp = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
const extractor = createExtractor({ timeoutMs: 300_000 });
const mb = (bytes: number) => bytes / (1024 * 1024);

try {
  // warm the worker (thread start, tsx, pdf.js import)
  await extractor.extract({ data: inputs[0]!.data, fileName: 'warm.pdf' });
  const rows: string[][] = [
    ['file', 'pages', 'MB', 'ours ms', 'pages/s', 'MB/s', 'loop p99 ms', 'pdftotext ms', 'pages/s'],
  ];
  for (const { name, data } of inputs) {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const t0 = performance.now();
    const doc = await extractor.extract({ data, fileName: name });
    const ms = performance.now() - t0;
    histogram.disable();
    const pages = doc.pages ?? 0;
    let popplerMs = NaN;
    if (hasPdftotext) {
      const file = join(tmp, 'in.pdf');
      writeFileSync(file, data);
      const p0 = performance.now();
      execFileSync('pdftotext', ['-q', file, join(tmp, 'out.txt')]);
      popplerMs = performance.now() - p0;
    }
    rows.push([
      name,
      String(pages),
      mb(data.length).toFixed(2),
      ms.toFixed(0),
      (pages / (ms / 1000)).toFixed(1),
      (mb(data.length) / (ms / 1000)).toFixed(2),
      (histogram.percentile(99) / 1e6).toFixed(1),
      hasPdftotext ? popplerMs.toFixed(0) : 'n/a',
      hasPdftotext ? (pages / (popplerMs / 1000)).toFixed(1) : 'n/a',
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => c.padStart(widths[i]!)).join('  '));
} finally {
  await extractor.close();
  rmSync(tmp, { recursive: true, force: true });
}
