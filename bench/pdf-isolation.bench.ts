/**
 * `npm run bench:pdf-isolation`: whether PDF exports leave the rest of the process responsive. One service process
 * (dist/, as `npm start` runs it) serves a read at a fixed rate (open loop, see `openLoop` in support.ts) twice per
 * round: alone, and while two clients export the largest resume the content limits allow, back to back. Targets:
 * the read's p99 under 50 ms during the exports, and within 2× of its p99 alone. It also reports each export's CPU
 * time (the service's main thread, the whole service, PostgreSQL), which tells what a change to exports did on a
 * machine whose speed drifts: run it with each build's dist/ in turn. Rounds alternate which run goes first, so that
 * a machine that gets busier or quieter during the benchmark shows in both; the summary is min / median / max over
 * rounds.
 *
 * BENCH_ROUNDS (5), BENCH_SECONDS per run (20), BENCH_RATE reads per second (50), BENCH_READ_PATH
 * (/v1/tracker/applications; /health/live also works), BENCH_RESUME (`largest`, or `two-page`: the sample resume
 * with its jobs repeated to fill two pages, the everyday export), BENCH_GC=1 (the service traces its garbage collections,
 * `--trace-gc-nvp`, and each run reports its main thread's scavenges: how many, their pauses, and the bytes each
 * export left to be promoted). A smoke run: BENCH_ROUNDS=1 BENCH_SECONDS=3.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createDatabaseIfMissing, dropDatabase } from '../src/database/prepare-database';
import { RESUME_CONTENT_LIMITS, SECTION_TEXT } from '../src/modules/resumes/resumes.limits';
import { sampleJsonResume } from '../test/modules/resumes/export/json-resume.fixture';
import { largestJsonResume } from '../test/modules/resumes/export/largest-resume.fixture';
import { cli, databaseCpu, median, OpenLoopResult, openLoop, processCpuMs, ROOT, SERVICE_NODE_FLAGS, spread, startServer, stopServer } from './support';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_pdf_isolation';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const READ_PATH = process.env.BENCH_READ_PATH ?? '/v1/tracker/applications';
const RESUME = process.env.BENCH_RESUME ?? 'largest';
const TRACE_GC = process.env.BENCH_GC === '1';
const EXPORTERS = 2;
const TARGET_P99_MS = 50;
const PORT = 3931;

interface ExportTally {
  exports: number;
  /** Answers other than 200 (a 503 PDF_RENDER_TIMEOUT, say), by status. */
  refused: Record<number, number>;
  msPerExport: number[];
  /** CPU time per export while exporting (reads included, 50 a second): the service's main thread, the whole service, every postgres process. */
  cpuMsPerExport: { mainThread: number; service: number; database: number };
}

interface Round {
  quiet: OpenLoopResult;
  exporting: OpenLoopResult;
  tally: ExportTally;
  /** The main thread's scavenges during each run (BENCH_GC=1). */
  scavenges: Record<'quiet' | 'exporting', Scavenge[]>;
}

interface Scavenge {
  pauseMs: number;
  promotedBytes: number;
}

/**
 * The main thread's scavenges, read from the service's `--trace-gc-nvp` lines and taken run by run. The main thread's
 * isolate is the first to report (at startup, before any render thread exists); render threads report under their own.
 */
class ScavengeLog {
  private mainIsolate: string | undefined;
  private since: Scavenge[] = [];

  constructor(stdout: Readable) {
    createInterface({ input: stdout }).on('line', (line) => this.read(line));
  }

  /** The scavenges since the last call. */
  take(): Scavenge[] {
    return this.since.splice(0);
  }

  private read(line: string): void {
    const isolate = /^\[\d+:(0x[0-9a-f]+)\]/.exec(line)?.[1];
    this.mainIsolate ??= isolate;
    if (isolate === undefined || isolate !== this.mainIsolate || !/ gc=s /.test(line)) return;
    const field = (name: string) => Number(new RegExp(` ${name}=([\\d.]+)`).exec(line)?.[1]);
    this.since.push({ pauseMs: field('pause'), promotedBytes: field('promoted') });
  }
}

async function main(): Promise<void> {
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  // Exports are limited to 5 a minute: the benchmark measures the process, not the limiter.
  const env = { DATABASE_URL, REDIS_PREFIX: `career-bench-pdf:${Date.now()}:`, RATE_LIMIT_SCALE: '10000', LOG_LEVEL: 'warn' };
  const account = cli(env, 'account:create', '--email', `bench-pdf-${Date.now()}@bench.example`, '--plan', 'plus');
  const key: string = cli(env, 'key:create', '--account', account.id, '--name', 'bench', '--scopes', 'all').key;
  const headers = { authorization: `Bearer ${key}` };
  const flags = TRACE_GC ? [...SERVICE_NODE_FLAGS, '--trace-gc-nvp'] : SERVICE_NODE_FLAGS;
  const service = await startServer(join(ROOT, 'dist/main.js'), env, PORT, flags, TRACE_GC ? 'pipe' : 'ignore');
  const gc = service.stdout ? new ScavengeLog(service.stdout) : null;
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const imported = await fetch(`${base}/v1/resume/import/json-resume`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(RESUME === 'two-page' ? twoPageJsonResume() : largestJsonResume(RESUME_CONTENT_LIMITS.characters, SECTION_TEXT.long)),
    });
    if (imported.status !== 201) throw new Error(`the import answered ${imported.status}: ${await imported.text()}`);
    const resumeId: string = ((await imported.json()) as { id: string }).id;
    const file = await exportOnce(base, headers, resumeId);
    const pages = file.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    console.log(`Resume: ${RESUME}, a ${Math.round(file.length / 1024)} KiB PDF of ${pages} page(s)\n`);

    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const quietFirst = round % 2 === 0;
      const scavenges: Round['scavenges'] = { quiet: [], exporting: [] };
      const runs: Partial<Round> = { scavenges };
      for (const run of quietFirst ? (['quiet', 'exporting'] as const) : (['exporting', 'quiet'] as const)) {
        gc?.take();
        if (run === 'quiet') {
          runs.quiet = await openLoop('quiet', `${base}${READ_PATH}`, headers, RATE, SECONDS);
        } else {
          const [result, tally] = await whileExporting(service, base, headers, resumeId, () =>
            openLoop('exporting', `${base}${READ_PATH}`, headers, RATE, SECONDS),
          );
          runs.exporting = result;
          runs.tally = tally;
        }
        scavenges[run] = gc?.take() ?? [];
      }
      rounds.push(runs as Round);
      const { quiet, exporting, tally } = runs as Round;
      console.log(
        `round ${round + 1}: p99 ${quiet.p99} ms alone, ${exporting.p99} ms during ${tally.exports} exports ` +
          `(${median(tally.msPerExport).toFixed(0)} ms each${Object.keys(tally.refused).length ? `, refused ${JSON.stringify(tally.refused)}` : ''})`,
      );
    }
    report(rounds);
  } finally {
    await stopServer(service);
    await dropDatabase(DATABASE_URL);
  }
}

/** Runs `measure` while EXPORTERS clients export the resume back to back, and stops them when it is done. */
async function whileExporting(
  service: ChildProcess,
  base: string,
  headers: Record<string, string>,
  resumeId: string,
  measure: () => Promise<OpenLoopResult>,
): Promise<[OpenLoopResult, ExportTally]> {
  const tally: Omit<ExportTally, 'cpuMsPerExport'> = { exports: 0, refused: {}, msPerExport: [] };
  let measuring = true;
  const exporter = async () => {
    while (measuring) {
      const started = performance.now();
      const response = await fetch(`${base}/v1/resume/${resumeId}/export/pdf`, { method: 'POST', headers });
      await response.arrayBuffer();
      if (response.status === 200) {
        tally.exports += 1;
        tally.msPerExport.push(performance.now() - started);
      } else {
        tally.refused[response.status] = (tally.refused[response.status] ?? 0) + 1;
      }
    }
  };
  // The main thread is the task whose id is the process's.
  const [whole, mainThread] = [String(service.pid), `${service.pid}/task/${service.pid}`];
  const before = { mainThread: processCpuMs(mainThread), service: processCpuMs(whole), database: databaseCpu() };
  const exporters = Array.from({ length: EXPORTERS }, exporter);
  const result = await measure();
  measuring = false;
  await Promise.all(exporters);
  const per = (ms: number) => ms / Math.max(1, tally.exports);
  const cpuMsPerExport = {
    mainThread: per(processCpuMs(mainThread) - before.mainThread),
    service: per(processCpuMs(whole) - before.service),
    database: per(databaseCpu(before.database.reading).ms),
  };
  return [result, { ...tally, cpuMsPerExport }];
}

async function exportOnce(base: string, headers: Record<string, string>, resumeId: string): Promise<Buffer> {
  const response = await fetch(`${base}/v1/resume/${resumeId}/export/pdf`, { method: 'POST', headers });
  if (response.status !== 200) throw new Error(`the export answered ${response.status}: ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

function report(rounds: Round[]): void {
  const of = (measure: (round: Round) => number, digits = 1) => spread(rounds.map(measure), digits);
  console.log(`\nGET ${READ_PATH} at ${RATE}/s for ${SECONDS} s, ${rounds.length} rounds; min / median / max over rounds:\n`);
  console.log('| run | p50 ms | p99 ms | max ms | failed |');
  console.log('|---|---|---|---|---|');
  console.log(`| alone | ${of((r) => r.quiet.p50)} | ${of((r) => r.quiet.p99)} | ${of((r) => r.quiet.max)} | ${of((r) => r.quiet.failed, 0)} |`);
  console.log(
    `| during ${EXPORTERS} exports | ${of((r) => r.exporting.p50)} | ${of((r) => r.exporting.p99)} | ${of((r) => r.exporting.max)} | ${of((r) => r.exporting.failed, 0)} |`,
  );
  console.log(`\nExports per run: ${of((r) => r.tally.exports, 0)}; ms per export: ${of((r) => median(r.tally.msPerExport), 0)}`);
  const cpu = (part: keyof ExportTally['cpuMsPerExport']) => of((r) => r.tally.cpuMsPerExport[part], 2);
  console.log(`CPU ms per export (reads included): main thread ${cpu('mainThread')}, whole service ${cpu('service')}, PostgreSQL ${cpu('database')}`);
  if (TRACE_GC) reportScavenges(rounds);
  console.log(`p99 during the exports over p99 alone, per round: ${of((r) => r.exporting.p99 / r.quiet.p99, 2)}`);
  const worst = median(rounds.map((round) => round.exporting.p99));
  const met = worst < TARGET_P99_MS && rounds.every((round) => round.exporting.failed === 0);
  console.log(`Target: p99 under ${TARGET_P99_MS} ms during the exports (median over rounds), no failed reads: ${met ? 'met' : 'NOT MET'}`);
  if (!met) process.exitCode = 1;
}

/** The main thread's scavenges per run, their pauses (over every round's), and what each export left to promote. */
function reportScavenges(rounds: Round[]): void {
  const of = (run: 'quiet' | 'exporting') => {
    const pauses = rounds.flatMap((round) => round.scavenges[run].map((scavenge) => scavenge.pauseMs));
    const paused = pauses.length > 0 ? `pause ms median ${median(pauses).toFixed(1)}, max ${Math.max(...pauses).toFixed(1)}` : 'no pause';
    return `${spread(rounds.map((round) => round.scavenges[run].length))} scavenges, ${paused}`;
  };
  const promotedKibPerExport = spread(
    rounds.map((round) => round.scavenges.exporting.reduce((bytes, scavenge) => bytes + scavenge.promotedBytes, 0) / 1024 / Math.max(1, round.tally.exports)),
    1,
  );
  console.log(`Main thread per run: alone ${of('quiet')}; during the exports ${of('exporting')}, promoted KiB per export ${promotedKibPerExport}`);
}

/** The sample resume with its jobs repeated (each named apart) until it fills two pages. */
function twoPageJsonResume() {
  const resume = sampleJsonResume();
  resume.work = Array.from({ length: 7 }, (_, index) => ({
    ...resume.work[index % resume.work.length],
    position: `${resume.work[index % resume.work.length].position} ${index + 1}`,
  }));
  return resume;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
