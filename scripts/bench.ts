/**
 * Throughput and latency of the student chat against the real server, beside GET /api/health
 * measured in the same run.
 *
 *   npm run bench [-- --duration 5] [--connections 1,8,32] [--pages 300] [--copies 1]
 *                   [--conversations 50000] [--out file.json]
 *
 * Starts the API (apps/api/src/server.ts, as `npm run serve` does) on a free 127.0.0.1 port with a
 * fresh temporary DATA_DIR and embedded PostgreSQL, sets up one class with a syllabus and a
 * generated PDF of about 300 pages through the public API (`--copies 20`: twenty of them, for a
 * class with 20× the material; one file of 6,000 pages is over the 2,000-page extraction limit),
 * seeds the class's history with 50,000 conversations straight into the database, then loads
 * each scenario with autocannon at each number of concurrent connections. Prints a table, writes the numbers as
 * JSON (bench-results/, git-ignored) and removes the server and its data, also on Ctrl-C.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sleep } from './lib/api.ts';
import { runCommand } from './lib/cli.ts';
import { CONVERSATION_SEARCHES, seedConversations } from './lib/bench-conversations.ts';
import { setUpBenchClass, STUDENT_QUESTIONS, type BenchClass } from './lib/bench-course.ts';
import { measure, warmUp, type Measurement, type Scenario } from './lib/load.ts';
import { RUNNER_CHAT_RATE_LIMIT, startServer } from './lib/server.ts';

/** A scenario, optionally measured while another one loads the server unmeasured. */
type BenchScenario = Scenario & { background?: { scenario: Scenario; connections: number } };

/** The analytics views loaded in turn: every range, in zones a whole and a half hour from UTC. */
const ANALYTICS_VIEWS = [
  [7, 'UTC'],
  [30, 'America/New_York'],
  [90, 'Asia/Kolkata'],
  [365, 'Europe/Berlin'],
] as const;

/**
 * The requests measured at each concurrency. A new scenario is one more entry; a teacher route
 * sends the teacher's access token (cls.token, valid 15 minutes) in an authorization header.
 */
function scenariosFor(cls: BenchClass): BenchScenario[] {
  const teacher = { authorization: `Bearer ${cls.token}` };
  const listPath = `/api/chat/conversations/${cls.classId}`;
  const analyticsPath = `/api/chat/analytics/${cls.classId}`;
  const ask: BenchScenario = {
    name: 'ask',
    method: 'POST',
    path: `/api/chat/ask/${cls.chatUuid}`,
    bodies: STUDENT_QUESTIONS.map((question) =>
      JSON.stringify({ question, student_identifier: null }),
    ),
  };
  // the teacher's Student Conversations list on the seeded history (--conversations)
  const list: BenchScenario = {
    name: 'conversations',
    method: 'GET',
    path: listPath,
    headers: teacher,
    paths: [1, 2, 50, 500, 2500].map((page) => `${listPath}?page=${page}`),
  };
  // the teacher's Analytics screen on the seeded history: each range in turn, in several zones
  const analytics: BenchScenario = {
    name: 'analytics',
    method: 'GET',
    path: analyticsPath,
    headers: teacher,
    paths: ANALYTICS_VIEWS.map(
      ([days, tz]) => `${analyticsPath}?days=${days}&tz=${encodeURIComponent(tz)}`,
    ),
  };
  return [
    { name: 'health', method: 'GET', path: '/api/health' },
    { name: 'session', method: 'GET', path: `/api/chat/session/${cls.chatUuid}` },
    ask,
    list,
    {
      name: 'conversations-search',
      method: 'GET',
      path: listPath,
      headers: teacher,
      paths: CONVERSATION_SEARCHES.map((s) => `${listPath}?search=${encodeURIComponent(s)}`),
    },
    analytics,
    // students asking while five teachers keep reloading the class's analytics (unmeasured)…
    { ...ask, name: 'ask+5 analytics', background: { scenario: analytics, connections: 5 } },
    // …beside the same with the conversation list: what any busy teacher page costs the asks
    { ...ask, name: 'ask+5 list', background: { scenario: list, connections: 5 } },
  ];
}

const MIN_SETTLE_MS = 500;
/** A remote chat API would be measured instead of this server: only when asked for. */
const ANSWERER = process.env.LLM_PROVIDER || 'extractive';

// ---------------------------------------------------------------------------------------------
// Command line

const USAGE =
  'usage: npm run bench -- [--duration 5] [--connections 1,8,32] [--pages 300] [--copies 1] [--conversations 50000] [--only health,session] [--out file.json]';

type BenchArgs = {
  duration: number;
  connections: number[];
  pages: number;
  copies: number;
  conversations: number;
  /** scenario names to run (all when empty), for a quicker look at a few */
  only: string[];
  out: string;
};

const positiveInteger = (text: string) => /^\d+$/.test(text.trim()) && Number(text) > 0;

function parseCommandLine(argv: string[]): BenchArgs | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '1,8,32' },
      pages: { type: 'string', default: '300' },
      copies: { type: 'string', default: '1' },
      conversations: { type: 'string', default: '50000' },
      only: { type: 'string', default: '' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const connections = values.connections!.split(',');
  const valid =
    positiveInteger(values.duration!) &&
    positiveInteger(values.pages!) &&
    positiveInteger(values.copies!) &&
    positiveInteger(values.conversations!) &&
    connections.every(positiveInteger);
  if (values.help || !valid) return undefined;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return {
    duration: Number(values.duration),
    connections: connections.map(Number),
    pages: Number(values.pages),
    copies: Number(values.copies),
    conversations: Number(values.conversations),
    only: values.only!.split(',').filter(Boolean),
    out: resolve(values.out ?? `bench-results/bench-${stamp}.json`),
  };
}

// ---------------------------------------------------------------------------------------------
// Report

function machineFacts() {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memory_gb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

const ms = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(1));

function formatTable(results: Measurement[]): string {
  const rows = [
    ['scenario', 'conns', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors'],
    ...results.map((r) => [
      r.scenario,
      String(r.connections),
      r.req_per_s.toFixed(1),
      ms(r.latency_ms?.p50),
      ms(r.latency_ms?.p95),
      ms(r.latency_ms?.p99),
      ms(r.latency_ms?.max),
      String(r.non2xx),
      r.timeouts ? `${r.errors} (${r.timeouts} timeouts)` : String(r.errors),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return rows.map(line).join('\n');
}

/** Which statuses the non-2xx replies were, so that they are seen rather than averaged away. */
function formatNon2xx(results: Measurement[]): string[] {
  return results
    .filter((r) => r.non2xx > 0)
    .map((r) => {
      const codes = Object.entries(r.status_codes)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, count]) => `${count}× ${code}`);
      return `  ${r.scenario} at ${r.connections}: ${codes.join(', ')}`;
    });
}

// ---------------------------------------------------------------------------------------------
// Run

async function run(args: BenchArgs) {
  const log = (line: string) => console.error(line);
  const startedAt = new Date().toISOString();
  const server = await startServer({
    name: 'bench',
    log,
    env: { LLM_PROVIDER: ANSWERER },
    ownDatabase: true,
  });
  try {
    const pdfs =
      args.copies > 1
        ? `${args.copies} copies of a ${args.pages}-page PDF`
        : `${args.pages}-page PDF`;
    log(`setting up the class (${pdfs} and a syllabus)…`);
    const setUpStarted = performance.now();
    const cls = await setUpBenchClass(server.baseUrl, args.pages, args.copies);
    log(`class set up in ${((performance.now() - setUpStarted) / 1000).toFixed(1)} s`);
    log(`seeding ${args.conversations} conversations…`);
    await seedConversations(server.databaseUrl!, cls.classId, args.conversations);
    const scenarios = scenariosFor(cls).filter(
      (s) => args.only.length === 0 || args.only.includes(s.name),
    );
    for (const scenario of scenarios) await warmUp(server.baseUrl, scenario);
    const results: Measurement[] = [];
    for (const connections of args.connections) {
      for (const scenario of scenarios) {
        log(`${scenario.name}: ${connections} connection(s) for ${args.duration} s…`);
        const load = { connections, durationSeconds: args.duration };
        const { background } = scenario;
        const [row] = await Promise.all([
          measure(server.baseUrl, scenario, load),
          background &&
            measure(server.baseUrl, background.scenario, {
              connections: background.connections,
              durationSeconds: args.duration,
            }),
        ]);
        results.push(row);
        // a row ends with requests in flight, which autocannon drops but the server finishes:
        // give them the longest time a request took, so that they weigh on no other row
        await sleep(Math.max(MIN_SETTLE_MS, row.latency_ms?.max ?? 0));
      }
    }
    return {
      startedAt,
      material: { ...cls.material, conversations: args.conversations },
      results,
    };
  } finally {
    await server.stop();
  }
}

type Outcome = Awaited<ReturnType<typeof run>>;

function reportOf(args: BenchArgs, outcome: Outcome) {
  return {
    started_at: outcome.startedAt,
    finished_at: new Date().toISOString(),
    machine: machineFacts(),
    server: {
      entry: 'apps/api/src/server.ts',
      database: 'embedded PostgreSQL, started by the runner and passed as DATABASE_URL',
      log_level: 'warn',
      answerer: ANSWERER,
      chat_rate_limit_per_minute: RUNNER_CHAT_RATE_LIMIT,
    },
    material: outcome.material,
    load: {
      tool: 'autocannon',
      duration_s: args.duration,
      connections: args.connections,
      ask_questions: STUDENT_QUESTIONS,
    },
    results: outcome.results,
  };
}

function formatReport(report: ReturnType<typeof reportOf>): string {
  const { machine, server, material, load, results } = report;
  const non2xx = formatNon2xx(results);
  return [
    `Machine   ${machine.cores} cores (${machine.cpu}), ${machine.memory_gb} GB, Node ${machine.node}, ${machine.platform}; autocannon runs on the same machine`,
    `Server    ${server.entry}, embedded PostgreSQL, LOG_LEVEL=warn, LLM_PROVIDER=${server.answerer}, CHAT_RATE_LIMIT_PER_MINUTE=${server.chat_rate_limit_per_minute} (raised so the per-address limit does not turn the run into 429s; it is still counted on every ask)`,
    `Material  ${material.pdf_copies > 1 ? `${material.pdf_copies} × ` : ''}${material.pdf_pages}-page PDF + syllabus: ${material.items} items, ${material.chunks} chunks, ${material.words} words; ${material.conversations} conversations in the class's history`,
    `Load      ${load.duration_s} s per row; ask rotates ${load.ask_questions.length} student questions; latency percentiles over 2xx replies`,
    '',
    formatTable(results),
    '',
    non2xx.length ? ['Non-2xx replies', ...non2xx].join('\n') : 'Non-2xx replies: none',
  ].join('\n');
}

process.exitCode = await runCommand({
  name: 'bench',
  usage: USAGE,
  parse: parseCommandLine,
  run: async (args) => {
    const report = reportOf(args, await run(args));
    mkdirSync(dirname(args.out), { recursive: true });
    writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`${formatReport(report)}\n\nResults: ${args.out}`);
  },
});
