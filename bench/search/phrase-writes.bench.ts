/**
 * `npm run bench:phrase-writes`: what the phrase counts (job_listing_phrases) cost an import. The same generated file
 * of listings is imported with `jobs:import` into a fresh database twice a round: with no run of words chosen (the
 * triggers then read nothing of a change) and with the runs `jobs:count-phrases` chose at the largest search
 * benchmark database (every changed listing's runs computed and matched against them). Rounds interleave the two,
 * alternating which goes first; the summary is min / median / max over rounds of the import's seconds and of the
 * ratio chosen / none.
 *
 *   BENCH_ROUNDS      rounds (default 3)
 *   BENCH_LISTINGS    listings in the file (default 20000)
 *   BENCH_PHRASES_URL the database whose chosen runs are copied (default the 1M search benchmark's)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, prepareDatabase } from '../../src/database/prepare-database';
import { GENERATOR_ARGS } from '../../tools/listing-generator/generator-process';
import { cli, spread } from '../support';
import { withClient } from './bench-database';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/career_bench_phrase_writes';
const PHRASES_URL = process.env.BENCH_PHRASES_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_search';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 20_000);

type Mode = 'none' | 'chosen';

async function importSeconds(file: string, mode: Mode, chosen: string[]): Promise<number> {
  await dropDatabase(DATABASE_URL);
  await prepareDatabase(DATABASE_URL);
  if (mode === 'chosen')
    await withClient(DATABASE_URL, (client) => client.query('INSERT INTO job_listing_phrases (phrase, listings) SELECT unnest($1::bigint[]), 0', [chosen]));
  const started = process.hrtime.bigint();
  const counts = cli({ DATABASE_URL }, 'jobs:import', file);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (counts.imported !== LISTINGS) throw new Error(`expected ${LISTINGS} imported, got ${JSON.stringify(counts)}`);
  return seconds;
}

async function main(): Promise<void> {
  const chosen = await withClient(PHRASES_URL, async (client) =>
    (await client.query<{ phrase: string }>('SELECT phrase FROM job_listing_phrases')).rows.map((row) => row.phrase),
  );
  if (chosen.length === 0) throw new Error(`no runs of words chosen in ${PHRASES_URL}: run npm run bench:search (or jobs:count-phrases) first`);
  const file = join(mkdtempSync(join(tmpdir(), 'phrase-writes-')), 'listings.ndjson');
  execFileSync('node', [...GENERATOR_ARGS, '--count', String(LISTINGS), '--seed', 'phrase-writes', '--output', file]);
  console.log(`${LISTINGS.toLocaleString('en')} listings, ${chosen.length.toLocaleString('en')} runs of words chosen, ${ROUNDS} rounds`);
  const seconds: Record<Mode, number[]> = { none: [], chosen: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: Mode[] = round % 2 === 0 ? ['none', 'chosen'] : ['chosen', 'none'];
    for (const mode of order) seconds[mode].push(await importSeconds(file, mode, chosen));
    console.log(`round ${round + 1}: none ${seconds.none[round].toFixed(1)} s, chosen ${seconds.chosen[round].toFixed(1)} s`);
  }
  await dropDatabase(DATABASE_URL);
  const ratios = seconds.chosen.map((value, round) => value / seconds.none[round]);
  console.log(
    `import seconds, none: ${spread(seconds.none, 1)}; chosen: ${spread(seconds.chosen, 1)}; chosen / none: ${spread(ratios, 2)} (min / median / max)`,
  );
}

void main();
