/**
 * Decompression bombs against the extractor with its default limits (EXTRACTION_LIMITS): for
 * each hostile upload, the result, the seconds to it, how much the process's RSS grew (peak,
 * sampled every 50 ms, and once the bomb is done; negative when memory went back to the OS, as a
 * retired worker's does), the API thread's event-loop delay p99, and
 * then how long a tiny text file takes right after (the worker that read the bomb is retired,
 * so this includes starting a fresh one). Targets: rejected ≤ 10 s, RSS growth ≤ 300 MB.
 *
 *   npm run bench:bombs
 *
 * The files are built in memory first (a 1 GB run deflates in ~2 s, never held whole).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  docxWithPadding,
  flatePdf,
  xlsxOfSheets,
} from '../apps/api/src/features/extraction/bomb-files.ts';
import {
  EXTRACTION_LIMITS,
  type ExtractionError,
  createExtractor,
} from '../apps/api/src/features/extraction/index.ts';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const TARGET_SECONDS = 10;
const TARGET_GROWTH_MB = 300;

type Bomb = { name: string; fileName: string; inflates: string; data: Buffer };

console.log('building the files…');
const bombs: Bomb[] = [
  {
    name: 'PDF, 1 GB page content + 1 MB photo',
    fileName: 'bomb.pdf',
    inflates: '1 GB',
    data: await flatePdf({ padding: GiB, imageBytes: MiB }),
  },
  {
    name: 'DOCX, headers claim 4 KB',
    fileName: 'bomb.docx',
    inflates: '1 GB',
    data: await docxWithPadding({ padding: GiB, claim: 4096 }),
  },
  {
    name: 'XLSX, 40 sheets, headers claim 4 KB each',
    fileName: 'sheets.xlsx',
    inflates: '500 MB',
    data: await xlsxOfSheets({
      sheets: 40,
      rows: 10,
      cols: 1,
      cellText: { repeat: 'x', times: 1_250_000 },
      claim: 4096,
    }),
  },
  {
    name: 'XLSX, 800,000 cells',
    fileName: 'cells.xlsx',
    inflates: '25 MB',
    data: await xlsxOfSheets({ sheets: 2, rows: 20_000, cols: 20 }),
  },
  {
    name: 'TXT, 49 MB of text',
    fileName: 'huge.txt',
    inflates: '49 MB',
    data: Buffer.from('All work and no play makes a long text file. '.repeat(1_100_000)),
  },
];

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const rssMb = () => process.memoryUsage().rss / MiB;
const extractor = createExtractor();
const tiny = Buffer.from('Week 1: read chapter one and bring questions.');

const extractTiny = async () => {
  const t0 = performance.now();
  await extractor.extract({ data: tiny, fileName: 'tiny.txt' });
  return performance.now() - t0;
};

try {
  // warm the worker and its readers, so their one-time memory is not counted as growth
  await extractor.extract({ data: await flatePdf({}), fileName: 'warm.pdf' });
  await extractor.extract({ data: await docxWithPadding({}), fileName: 'warm.docx' });
  const warmXlsx = await xlsxOfSheets({ sheets: 1, rows: 10, cols: 3 });
  await extractor.extract({ data: warmXlsx, fileName: 'warm.xlsx' });
  const tinyWarmMs = await extractTiny();
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 300));
  }

  console.log(
    `limits: ${Object.entries(EXTRACTION_LIMITS)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  console.log(`tiny text file, warm worker: ${tinyWarmMs.toFixed(0)} ms\n`);
  const rows: string[][] = [
    [
      'file',
      'size MB',
      'inflates',
      'result',
      's',
      `≤${TARGET_SECONDS}s`,
      'RSS MB',
      'peak +MB',
      'after +MB',
      `≤${TARGET_GROWTH_MB}MB`,
      'loop p99 ms',
      'tiny txt ms',
    ],
  ];
  const messages: string[] = [];
  for (const bomb of bombs) {
    gc();
    await new Promise((r) => setTimeout(r, 200));
    const base = rssMb();
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t0 = performance.now();
    let result: string;
    try {
      const doc = await extractor.extract({ data: bomb.data, fileName: bomb.fileName });
      result = `read: ${doc.wordCount} words`;
    } catch (err) {
      const e = err as ExtractionError;
      result = `${e.status ?? 'error'} ${e.code ?? ''}`.trim();
      messages.push(`${bomb.name}: ${e.message}`);
    }
    const seconds = (performance.now() - t0) / 1000;
    loop.disable();
    const tinyMs = await extractTiny();
    clearInterval(sampler);
    peak = Math.max(peak, rssMb());
    gc();
    await new Promise((r) => setTimeout(r, 200));
    const after = rssMb() - base;
    const growth = Math.max(peak - base, after);
    rows.push([
      bomb.name,
      (bomb.data.length / MiB).toFixed(2),
      bomb.inflates,
      result,
      seconds.toFixed(2),
      seconds <= TARGET_SECONDS ? 'yes' : 'NO',
      base.toFixed(0),
      (peak - base).toFixed(0),
      after.toFixed(0),
      growth <= TARGET_GROWTH_MB ? 'yes' : 'NO',
      (loop.percentile(99) / 1e6).toFixed(1),
      tinyMs.toFixed(0),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) {
    console.log(
      r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '),
    );
  }
  console.log(`\nRSS ${rssMb().toFixed(0)} MB at the end.\n`);
  for (const m of messages) console.log(m);
} finally {
  await extractor.close();
}
