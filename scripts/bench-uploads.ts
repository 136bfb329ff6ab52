/**
 * Uploads against the real server, each scenario measured with the server process's RSS (from
 * /proc, every 50 ms) and GET /api/health latency (every 20 ms) alongside:
 *
 * 1. a 2 MB PDF whose page content inflates to 1 GB, sent anonymously to /api/trial/upload,
 *    with a teacher's 40-byte text upload sent beside it: seconds to each answer (the teacher's:
 *    until the file is read, the upload answering 202 at once), RSS growth
 *    (target: refused ≤ 10 s, ≤ 300 MB);
 * 2. a teacher's 49 MB text upload: seconds until it is read and health p99 meanwhile
 *    (target ≤ 200 ms).
 *
 *   npm run bench:uploads
 */
import { readFileSync } from 'node:fs';
import { flatePdf } from '../apps/api/src/features/extraction/bomb-files.ts';
import { dataOf, postJson, request, signUpTeacher, uploadFile } from './lib/api.ts';
import { percentile } from './lib/load.ts';
import { startServer, stopServersOnSignal } from './lib/server.ts';

const MiB = 1024 * 1024;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples the server's RSS and health latency until stopped. */
function watch(baseUrl: string, pid: number) {
  const start = rssMb(pid);
  let peak = start;
  const health: number[] = [];
  let running = true;
  const rss = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const probe = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${baseUrl}/api/health`).then((r) => r.body?.cancel());
      health.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    clearInterval(rss);
    await probe;
    const sorted = health.sort((a, b) => a - b);
    return {
      rssStart: start,
      rssPeakGrowth: peak - start,
      rssAfterGrowth: rssMb(pid) - start,
      healthP50: percentile(sorted, 50),
      healthP99: percentile(sorted, 99),
      healthMax: sorted.at(-1) ?? 0,
    };
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const t0 = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - t0) / 1000 };
}

async function trialUpload(baseUrl: string, fileName: string, data: Buffer) {
  const session = dataOf<{ session_id: string }>(
    await postJson(`${baseUrl}/api/trial/session`, {}),
    201,
    'trial session',
  );
  const form = new FormData();
  form.set('session_id', session.session_id);
  form.set('file', new Blob([data]), fileName);
  return request(`${baseUrl}/api/trial/upload`, { method: 'POST', body: form, timeoutMs: 120_000 });
}

const f = (n: number, digits = 1) => n.toFixed(digits);

async function main() {
  stopServersOnSignal();
  console.log('building a 2 MB PDF that inflates to 1 GB…');
  const bomb = await flatePdf({ padding: 1024 * MiB, imageBytes: MiB });
  const server = await startServer({ name: 'bench-uploads', log: (l) => console.error(l) });
  try {
    const { baseUrl, pid } = server;
    const token = await signUpTeacher(baseUrl, {
      email: `uploads-${Date.now().toString(36)}@example.com`,
      institution: 'Example University',
      firstName: 'Maria',
      lastName: 'Lopez',
    });
    const cls = dataOf<{ id: string }>(
      await postJson(
        `${baseUrl}/api/classes`,
        { class_name: 'Uploads', semester: 'Fall', year: 2026 },
        token,
      ),
      201,
      'class',
    );
    const ctx = { baseUrl, token, classId: cls.id };
    const tiny = (n: number) => ({
      contentType: 'additional' as const,
      title: `Note ${n}`,
      fileName: `note-${n}.txt`,
      data: Buffer.from(`Office hours are on Tuesday at ${n} pm in room 12.`),
    });
    await uploadFile(ctx, tiny(0)); // warm: the extraction worker is started

    const stop1 = watch(baseUrl, pid);
    const [bombReply, tinyReply] = await Promise.all([
      timed(() => trialUpload(baseUrl, 'bomb.pdf', bomb)),
      timed(() => uploadFile(ctx, tiny(1))),
    ]);
    const m1 = await stop1();
    console.log(
      '\n1. 2 MB PDF inflating to 1 GB (anonymous trial upload), a 40-byte upload beside it',
    );
    console.log(
      `   bomb: ${bombReply.value.status} in ${f(bombReply.seconds, 2)} s (target ≤ 10 s); ` +
        `beside it: ${tinyReply.value.status} in ${f(tinyReply.seconds, 2)} s`,
    );
    console.log(
      `   server RSS ${f(m1.rssStart, 0)} MB: peak +${f(m1.rssPeakGrowth, 0)} MB (target ≤ 300), ` +
        `after +${f(m1.rssAfterGrowth, 0)} MB; health p99 ${f(m1.healthP99)} ms`,
    );

    const big = Buffer.alloc(49 * MiB);
    const line = Buffer.from(
      'Week 3 reading: chapters 4 and 5, with the lab notes on pendulums.\n',
    );
    for (let i = 0; i < big.length; i += line.length) line.copy(big, i);
    const stop2 = watch(baseUrl, pid);
    const bigReply = await timed(() =>
      uploadFile(ctx, {
        contentType: 'additional',
        title: 'Big notes',
        fileName: 'big.txt',
        data: big,
      }),
    );
    const m2 = await stop2();
    console.log("\n2. a teacher's 49 MB text upload");
    console.log(
      `   answer ${bigReply.value.status}, read in ${f(bigReply.seconds, 2)} s; health p50 ` +
        `${f(m2.healthP50)} ms, p99 ${f(m2.healthP99)} ms (target ≤ 200), max ${f(m2.healthMax)} ms; ` +
        `RSS peak +${f(m2.rssPeakGrowth, 0)} MB`,
    );
  } finally {
    await server.stop();
  }
}

await main();
