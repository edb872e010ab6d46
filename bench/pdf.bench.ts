/**
 * `npm run bench:pdf`: how long renderResumePdf takes per template for a two-page resume (target: under 300 ms),
 * the median of RUNS renders after WARMUP unmeasured ones (fonts loaded, code optimised). The renderer alone, as
 * the export route calls it after reading the resume; plus the same resume with a name that needs the embedded
 * Unicode font, the slow path.
 */
import { performance } from 'node:perf_hooks';
import { renderResumePdf } from '../src/modules/resumes/export/pdf-renderer';
import type { ResumeTemplate } from '../src/modules/resumes/resume-settings';
import { sampleResumeContent } from '../test/modules/resumes/export/resume-content.fixture';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 5;
const TARGET_MS = 300;

interface Case {
  name: string;
  template: ResumeTemplate;
  fullName?: string;
}

const CASES: Case[] = [
  { name: 'classic', template: 'classic' },
  { name: 'modern', template: 'modern' },
  { name: 'minimal', template: 'minimal' },
  { name: 'modern, Unicode name (embedded font)', template: 'modern', fullName: 'Łukasz Żółć' },
];

async function measure({ template, fullName }: Case): Promise<{ median: number; p90: number; pages: number; kib: number }> {
  const content = sampleResumeContent();
  if (fullName) content.identity.fullName = fullName;
  const render = () => renderResumePdf(content, { template, designSettings: {} });
  for (let run = 0; run < WARMUP; run += 1) await render();
  const times: number[] = [];
  let file: Buffer = Buffer.alloc(0);
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    file = await render();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)],
    p90: times[Math.floor(times.length * 0.9)],
    pages: (file.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length,
    kib: file.length / 1024,
  };
}

async function main(): Promise<void> {
  const rows = [];
  for (const benchCase of CASES) {
    const { median, p90, pages, kib } = await measure(benchCase);
    rows.push({
      template: benchCase.name,
      pages,
      'median ms': median.toFixed(1),
      'p90 ms': p90.toFixed(1),
      'size KiB': kib.toFixed(1),
      target: median < TARGET_MS ? 'ok' : 'SLOW',
    });
  }
  console.table(rows);
  console.log(`\n${RUNS} renders per row after ${WARMUP} warm-up renders, Node ${process.version}; target: median under ${TARGET_MS} ms`);
  if (rows.some((row) => row.target !== 'ok')) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
