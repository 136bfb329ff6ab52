/**
 * How fast the two pages a student meets load on a phone: Lighthouse's default mobile
 * run (a mid-range phone on slow 4G, simulated throttling) against the real server serving the
 * built web app, on the landing page `/` and on a real student chat link `/chat/{uuid}`.
 *
 * Builds the web app (skip with --no-build), starts the API from this tree on a free 127.0.0.1
 * port with a fresh DATA_DIR, creates a teacher and a class with a syllabus through the API,
 * then runs Lighthouse `--runs` times per page (default 3) in Debian's Chromium and prints the
 * median of each figure per page: the four category scores, LCP, TBT, and the JavaScript the page
 * transferred (compressed bytes on the wire) by its load event and in the whole page load. A JSON
 * report goes to bench-results/ (git-ignored).
 *
 *   npm run bench:web [-- --runs 3] [-- --no-build] [-- --out FILE] [-- --reports DIR]
 *
 * --reports keeps each run's whole Lighthouse report (JSON) in DIR, to see why an audit failed.
 *
 * Targets: Performance ≥ 90, LCP ≤ 2.0 s, Total Blocking Time ≤ 200 ms, CLS ≤ 0.02,
 * Accessibility 100, Best Practices ≥ 95, SEO ≥ 95 on `/` (the chat link is kept out of search
 * engines on purpose, which Lighthouse's SEO score cannot pass); JavaScript by load ≤ 140 KB on `/`,
 * ≤ 150 KB on `/chat/{uuid}`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { fail } from './lib/api.ts';
import { createBenchClass } from './lib/bench-course.ts';
import { runCommand } from './lib/cli.ts';
import { startServer } from './lib/server.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const KB = 1024;
const LIGHTHOUSE_ATTEMPTS = 3;

const TARGETS = {
  performance: 90,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  lcpMs: 2000,
  tbtMs: 200,
  cls: 0.02,
};
/** JavaScript (compressed, on the wire) a page may load by its load event. */
const JS_BUDGET_KB: Record<string, number> = { landing: 140, 'student chat': 150 };
/** Pages that search engines may index: SEO is a target only there (robots.txt keeps /chat/ out). */
const INDEXABLE = new Set(['landing']);

type Args = { runs: number; build: boolean; out: string; reports?: string };

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** script bytes transferred (compressed) by the load event */
  jsAtLoadBytes: number;
  /** script bytes transferred during the whole page load Lighthouse watched */
  jsTotalBytes: number;
  /** audits of the four categories that did not pass, by id */
  failed: string[];
};

type NetworkItem = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkEndTime?: number;
};

type Lhr = {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      details?: {
        items?: unknown[];
        debugData?: { networkStartTimeTs?: number };
      };
    }
  >;
};

function parse(argv: string[]): Args | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '3' },
      'no-build': { type: 'boolean', default: false },
      out: { type: 'string' },
      reports: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) return undefined;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return {
    runs,
    build: !values['no-build'],
    out: resolve(values.out ?? `bench-results/bench-web-${stamp}.json`),
    reports: values.reports === undefined ? undefined : resolve(values.reports),
  };
}

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** The figures of one Lighthouse report. */
function summarise(lhr: Lhr): Run {
  const audits = lhr.audits;
  const network = audits['network-requests']?.details;
  const requests = (network?.items ?? []) as NetworkItem[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const timing = (audits.metrics?.details?.items?.[0] ?? {}) as { observedLoadTs?: number };
  const networkStart = network?.debugData?.networkStartTimeTs;
  // the load event on the network requests' clock (ms from the first request)
  const loadMs =
    timing.observedLoadTs !== undefined && networkStart !== undefined
      ? (timing.observedLoadTs - networkStart) / 1000
      : Infinity;
  const bytes = (items: NetworkItem[]) => items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failed = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => ref.id)
      .filter((id) => {
        const audit = audits[id];
        return audit && audit.scoreDisplayMode === 'binary'
          ? audit.score !== 1
          : audit?.scoreDisplayMode === 'numeric' && (audit.score ?? 1) < 0.9;
      }),
  );
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsAtLoadBytes: bytes(scripts.filter((r) => (r.networkEndTime ?? Infinity) <= loadMs)),
    jsTotalBytes: bytes(scripts),
    failed: [...new Set(failed)],
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

type Page = { name: string; path: string };

function medians(runs: Run[]) {
  const of = (key: Exclude<keyof Run, 'failed'>) => median(runs.map((r) => r[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcpMs: of('lcpMs'),
    fcpMs: of('fcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    jsAtLoadBytes: of('jsAtLoadBytes'),
    jsTotalBytes: of('jsTotalBytes'),
  };
}

/** Lighthouse's report on a page: it sometimes fails to record a trace (NO_NAVSTART, …) on a busy machine; try again then. */
async function audit(url: string, port: number): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    // Lighthouse's default config: mobile form factor, simulated slow 4G and 4× CPU slowdown
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const lhr = result?.lhr as unknown as Lhr | undefined;
    if (!lhr) fail(`Lighthouse returned no report for ${url}`);
    if (!lhr.runtimeError) return lhr;
    if (attempt >= LIGHTHOUSE_ATTEMPTS)
      fail(`Lighthouse failed on ${url}: ${lhr.runtimeError.message} (${attempt} attempts)`);
    console.error(`Lighthouse failed on ${url} (${lhr.runtimeError.code}); trying again`);
  }
}

/** A class with a syllabus, set up as a teacher would: its student chat path. */
async function studentChatPath(baseUrl: string): Promise<string> {
  const { chatUuid } = await createBenchClass(baseUrl, 'bench-web');
  return `/chat/${chatUuid}`;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const mark = (ok: boolean) => (ok ? ' ' : '✗');

function printTable(results: { page: Page; median: ReturnType<typeof medians>; runs: Run[] }[]) {
  const rows = [
    [
      'page',
      'Perf',
      'A11y',
      'BP',
      'SEO',
      'FCP s',
      'LCP s',
      'TBT ms',
      'CLS',
      'JS@load KB',
      'JS all KB',
    ],
    ...results.map(({ page, median: m }) => {
      const budget = JS_BUDGET_KB[page.name] ?? Infinity;
      return [
        page.name,
        `${m.performance}${mark(m.performance >= TARGETS.performance)}`,
        `${m.accessibility}${mark(m.accessibility >= TARGETS.accessibility)}`,
        `${m.bestPractices}${mark(m.bestPractices >= TARGETS.bestPractices)}`,
        `${m.seo}${mark(!INDEXABLE.has(page.name) || m.seo >= TARGETS.seo)}`,
        (m.fcpMs / 1000).toFixed(2),
        `${(m.lcpMs / 1000).toFixed(2)}${mark(m.lcpMs <= TARGETS.lcpMs)}`,
        `${m.tbtMs.toFixed(0)}${mark(m.tbtMs <= TARGETS.tbtMs)}`,
        `${m.cls.toFixed(3)}${mark(m.cls <= TARGETS.cls)}`,
        `${kb(m.jsAtLoadBytes)}${mark(m.jsAtLoadBytes <= budget * KB)}`,
        kb(m.jsTotalBytes),
      ];
    }),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  for (const row of rows)
    console.log(
      row.map((cell, col) => cell.padStart(col ? widths[col]! : 0).padEnd(widths[col]!)).join('  '),
    );
  console.log(
    `targets: Perf ≥ ${TARGETS.performance}, A11y ${TARGETS.accessibility}, BP ≥ ${TARGETS.bestPractices}, ` +
      `SEO ≥ ${TARGETS.seo} (${[...INDEXABLE].join(', ')}), LCP ≤ ${TARGETS.lcpMs / 1000} s, ` +
      `TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, JS@load ≤ ` +
      Object.entries(JS_BUDGET_KB)
        .map(([name, budget]) => `${budget} KB (${name})`)
        .join(', ') +
      ' — ✗ marks a miss',
  );
  for (const { page, runs } of results) {
    const failed = [...new Set(runs.flatMap((r) => r.failed))];
    if (failed.length) console.log(`${page.name}: audits not passed: ${failed.join(', ')}`);
  }
}

async function run(args: Args): Promise<void> {
  if (!existsSync(CHROMIUM)) fail(`${CHROMIUM} is missing: sudo apt-get install -y chromium`);
  if (args.build) {
    console.error('building the web app…');
    execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 2, 2] });
  }
  if (!existsSync(resolve(REPO_ROOT, 'apps/web/dist/index.html')))
    fail('apps/web/dist is missing: run npm run build (or drop --no-build)');

  const server = await startServer({ name: 'bench-web', log: (line) => console.error(line) });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const pages: Page[] = [
      { name: 'landing', path: '/' },
      { name: 'student chat', path: await studentChatPath(server.baseUrl) },
    ];
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
      logLevel: 'silent',
    });
    const results = [];
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 1; i <= args.runs; i++) {
        const lhr = await audit(`${server.baseUrl}${page.path}`, chrome.port);
        if (args.reports) {
          mkdirSync(args.reports, { recursive: true });
          const file = `${page.name.replace(/\W+/g, '-')}-${i}.json`;
          writeFileSync(resolve(args.reports, file), JSON.stringify(lhr));
        }
        const summary = summarise(lhr);
        runs.push(summary);
        console.error(
          `${page.name} run ${i}/${args.runs}: perf ${summary.performance}, ` +
            `LCP ${(summary.lcpMs / 1000).toFixed(2)} s, JS@load ${kb(summary.jsAtLoadBytes)} KB`,
        );
      }
      results.push({ page, median: medians(runs), runs });
    }
    console.log(
      `\nLighthouse ${lighthouseVersion()} mobile (simulated throttling), median of ${args.runs} runs`,
    );
    printTable(results);
    const report = {
      kind: 'bench-web',
      at: new Date().toISOString(),
      lighthouse: lighthouseVersion(),
      chromium: chromiumVersion(),
      runsPerPage: args.runs,
      targets: { ...TARGETS, jsAtLoadKb: JS_BUDGET_KB },
      pages: results.map(({ page, median: m, runs }) => ({
        name: page.name,
        path: page.path.replace(/[0-9a-f-]{36}$/, '{uuid}'),
        median: m,
        runs,
      })),
    };
    mkdirSync(dirname(args.out), { recursive: true });
    writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`report: ${args.out}`);
  } finally {
    chrome?.kill();
    await server.stop();
  }
}

function lighthouseVersion(): string {
  const pkg = resolve(REPO_ROOT, 'node_modules/lighthouse/package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

process.exitCode = await runCommand({
  name: 'bench:web',
  usage:
    'usage: npm run bench:web [-- --runs N (1–20, default 3)] [-- --no-build] [-- --out FILE] [-- --reports DIR]',
  parse,
  run,
});
