/**
 * One load scenario against a running server with autocannon: requests per second, latency
 * percentiles and every non-2xx reply and connection error.
 */
import { createRequire } from 'node:module';

/** The part of autocannon 8's programmatic API used here (it ships no types). */
type AutocannonOptions = {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  method: string;
  headers?: Record<string, string>;
  requests?: { body?: string; path?: string }[];
  /** seconds before a request counts as a timeout (an error) */
  timeout?: number;
};
type AutocannonResult = {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonRun = PromiseLike<AutocannonResult> & {
  on(
    event: 'response',
    listener: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => AutocannonRun;

const REQUEST_TIMEOUT_S = 30;

/**
 * A request pattern to load the server with; `bodies` (or `paths`, which replace `path`) are sent
 * in turn by each connection.
 */
export type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  bodies?: string[];
  paths?: string[];
};

export type Measurement = {
  scenario: string;
  connections: number;
  duration_s: number;
  /** responses of any status */
  responses: number;
  /** responses ÷ duration */
  req_per_s: number;
  /** over the 2xx responses only, exact (from every response time), in milliseconds */
  latency_ms: { p50: number; p95: number; p99: number; max: number } | null;
  non2xx: number;
  status_codes: Record<string, number>;
  /** connection errors, timeouts included */
  errors: number;
  timeouts: number;
};

/** Nearest-rank percentile of ascending `sorted`. */
export function percentile(sorted: number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

function optionsOf(baseUrl: string, scenario: Scenario, connections: number): AutocannonOptions {
  const options: AutocannonOptions = {
    url: `${baseUrl}${scenario.path}`,
    connections,
    method: scenario.method,
    headers: { ...scenario.headers },
    timeout: REQUEST_TIMEOUT_S,
  };
  if (scenario.bodies) {
    options.headers = { 'content-type': 'application/json', ...options.headers };
    options.requests = scenario.bodies.map((body) => ({ body }));
  }
  if (scenario.paths) options.requests = scenario.paths.map((path) => ({ path }));
  return options;
}

/** A few requests first, so that the measured run does not pay for cold caches and JIT. */
export async function warmUp(baseUrl: string, scenario: Scenario, requests = 20): Promise<void> {
  await autocannon({ ...optionsOf(baseUrl, scenario, 1), amount: requests });
}

export async function measure(
  baseUrl: string,
  scenario: Scenario,
  load: { connections: number; durationSeconds: number },
): Promise<Measurement> {
  const okTimes: number[] = [];
  const run = autocannon({
    ...optionsOf(baseUrl, scenario, load.connections),
    duration: load.durationSeconds,
  });
  run.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) okTimes.push(ms);
  });
  const result = await run;
  okTimes.sort((a, b) => a - b);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  const responses = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    scenario: scenario.name,
    connections: load.connections,
    duration_s: result.duration,
    responses,
    req_per_s: responses / result.duration,
    latency_ms: okTimes.length
      ? {
          p50: percentile(okTimes, 50),
          p95: percentile(okTimes, 95),
          p99: percentile(okTimes, 99),
          max: okTimes.at(-1)!,
        }
      : null,
    non2xx: result.non2xx,
    status_codes: statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
