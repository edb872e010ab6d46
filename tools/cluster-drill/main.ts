/**
 * `npm run cluster:drill`: the cluster of docker/compose.cluster.yaml, started from Debian's binaries on loopback
 * ports, under a bounded mixed load through HAProxy while its parts are killed one after another. It then checks
 * what a user relies on and exits non-zero on any loss (docs/operations.md, "The cluster drill").
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort, haproxy, PostgresNode, Program, redisServer, ROOT, sentinel, sentinelMaster, serviceProcess, sleep, until, Workspace } from './topology';

/** How long the load goes on after the last fault, for the cluster to show it healed. */
const TAIL_SECONDS = Number(process.env.DRILL_TAIL_SECONDS ?? 10);
const CLIENTS = Number(process.env.DRILL_CLIENTS ?? 6);
const MASTER_NAME = 'drill';
/** How long a client keeps resending one request (with its key) while the cluster heals. */
const RETRY_FOR_MS = 60_000;
const run = promisify(execFile);

interface Step {
  /** Seconds after the previous step ended (the first: after the load started). */
  after: number;
  action: string;
  run: () => Promise<string>;
}

interface Tally {
  requests: number;
  byStatus: Map<string, number>;
  retried: number;
  readYourWritesViolations: string[];
}

interface Account {
  id: string;
  key: string;
  contacts: Map<string, string>;
  applications: Map<string, { id: string; jobTitle: string; autoPrepare: boolean; status: string }>;
}

async function main(): Promise<void> {
  const workspace = new Workspace();
  const programs: Program[] = [];
  const nodes: PostgresNode[] = [];
  const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  let receiver: Server | undefined;
  try {
    log(`workspace ${workspace.directory}`);
    const primary = await PostgresNode.primary(workspace);
    nodes.push(primary);
    await prepare(primary.url('career'));
    const replica = await PostgresNode.replicaOf(primary, workspace);
    nodes.push(replica);

    const [redisPorts, sentinelPort] = [[await freePort(), await freePort()], await freePort()];
    const redisNodes = [await redisServer(workspace, 'redis-a', redisPorts[0]), await redisServer(workspace, 'redis-b', redisPorts[1], redisPorts[0])];
    programs.push(...redisNodes, await sentinel(workspace, sentinelPort, MASTER_NAME, redisPorts[0]));

    const deliveries = new Map<string, number>();
    const receiverPort = await freePort();
    receiver = await listen(receiverPort, (request) => {
      const id = request.headers['webhook-id'] as string;
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    });

    const [apiPorts, proxyPort] = [[await freePort(), await freePort()], await freePort()];
    const env = {
      DATABASE_URL: primary.url('career'),
      DATABASE_REPLICA_URLS: replica.url('career'),
      REPLICA_MAX_LAG_MS: '2000',
      REDIS_URL: `redis://127.0.0.1:${redisPorts[0]}`,
      REDIS_SENTINELS: `127.0.0.1:${sentinelPort}`,
      REDIS_SENTINEL_NAME: MASTER_NAME,
      REDIS_PREFIX: 'drill:',
      CSRF_SECRET: randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, ''),
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      TRUST_PROXY: 'loopback',
      WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
      RATE_LIMIT_SCALE: '1000',
      LOG_LEVEL: 'warn',
    };
    const apis = apiPorts.map((port, index) =>
      serviceProcess(workspace, `api${index + 1}`, 'main.js', { ...env, PORT: String(port), TAILORING_WORKER: 'off', WEBHOOKS_WORKER: 'off' }),
    );
    const worker = serviceProcess(workspace, 'worker', 'worker.js', env);
    for (const program of [...apis, worker]) {
      program.start();
      programs.push(program);
    }
    for (const port of apiPorts) await until(`the API on ${port}`, () => answers(`http://127.0.0.1:${port}/health/ready`), 60_000);
    programs.push(haproxy(workspace, proxyPort, apiPorts as [number, number]));
    const base = `http://127.0.0.1:${proxyPort}`;
    await until('HAProxy', () => answers(`${base}/health/ready`));

    const [accounts] = await Promise.all([createAccounts(env.DATABASE_URL, CLIENTS), importListings(env.DATABASE_URL)]);
    for (const account of accounts) {
      const response = await send(base, account, 'POST', '/v1/webhooks', {
        url: `http://127.0.0.1:${receiverPort}/hooks`,
        eventTypes: ['application.created', 'application.status_changed', 'application.prepared'],
      });
      if (response.status !== 201) throw new Error(`creating a webhook answered ${response.status}: ${response.text}`);
    }
    const replicaReadsBefore = await listingReads(replica.url('career'));
    log(
      `cluster up: HAProxy ${proxyPort} → API ${apiPorts.join(', ')}; worker; PostgreSQL ${primary.port} (replica ${replica.port}); Redis ${redisPorts.join(', ')}, Sentinel ${sentinelPort}`,
    );

    const tally: Tally = { requests: 0, byStatus: new Map(), retried: 0, readYourWritesViolations: [] };
    const started = Date.now();
    const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
    const steps: Step[] = [
      { after: 10, action: 'kill -9 api1', run: async () => (await apis[0].stop('SIGKILL'), 'killed') },
      {
        after: 6,
        action: 'start api1',
        run: async () => (apis[0].start(), await until('api1', () => answers(`http://127.0.0.1:${apiPorts[0]}/health/ready`), 60_000), 'ready'),
      },
      {
        after: 8,
        action: 'kill -9 the Redis master',
        run: async () => {
          const master = sentinelMaster(sentinelPort, MASTER_NAME);
          await redisNodes[redisPorts.indexOf(master)].stop('SIGKILL');
          const promotedAfter = Date.now();
          await until('a promotion', () => sentinelMaster(sentinelPort, MASTER_NAME) !== master, 30_000);
          return `port ${master} killed; Sentinel promoted ${sentinelMaster(sentinelPort, MASTER_NAME)} after ${((Date.now() - promotedAfter) / 1000).toFixed(1)} s`;
        },
      },
      {
        after: 10,
        action: 'restart the old Redis master',
        run: async () => {
          const master = sentinelMaster(sentinelPort, MASTER_NAME);
          const old = redisPorts.find((port) => port !== master) as number;
          redisNodes[redisPorts.indexOf(old)] = await redisServer(workspace, `redis-${old}`, old, master);
          programs.push(redisNodes[redisPorts.indexOf(old)]);
          return `port ${old} back as a replica of ${master}`;
        },
      },
      { after: 8, action: 'stop the PostgreSQL replica', run: async () => (replica.stop(), 'stopped (immediate)') },
      { after: 8, action: 'start the PostgreSQL replica', run: async () => (replica.start(), 'streaming again') },
      { after: 8, action: 'restart the PostgreSQL primary', run: async () => (primary.stop(), primary.start(), 'stopped (immediate) and started') },
    ];

    // Each row: a fault, what came of it, and the answers the clients got from it until the next fault.
    const timeline: string[][] = [];
    let since = snapshot(tally);
    const closeRow = () => {
      const now = snapshot(tally);
      if (timeline.length > 0) timeline[timeline.length - 1].push(summary(since, now));
      since = now;
    };
    // The load runs until TAIL_SECONDS after the last fault (a slow restart delays the faults after it).
    let deadline = Number.POSITIVE_INFINITY;
    const faults = (async () => {
      for (const step of steps) {
        await sleep(step.after * 1000);
        closeRow();
        const at = `${seconds()} s`;
        const outcome = await step.run().catch((error: Error) => `FAILED: ${error.message}`);
        timeline.push([at, step.action, outcome]);
        log(`${step.action}: ${outcome}`);
      }
      deadline = Date.now() + TAIL_SECONDS * 1000;
    })();
    await Promise.all(accounts.map((account, index) => drive(base, account, index, () => deadline, tally)));
    await faults;
    closeRow();
    const loadSeconds = (Date.now() - started) / 1000;
    log(`load ended after ${seconds()} s: ${tally.requests} requests`);

    // What the users rely on, checked against the primary after the cluster settled.
    const checks: [string, boolean, string][] = [];
    const serverErrors = [...tally.byStatus].filter(([status]) => status.startsWith('500')).reduce((sum, [, count]) => sum + count, 0);
    checks.push(['no answer was a 500', serverErrors === 0, `${serverErrors} × 500`]);
    const durable = await durability(base, accounts);
    checks.push([
      'every 2xx create is durable',
      durable.missing.length === 0,
      `${durable.checked} records read back, ${durable.missing.length} missing ${durable.missing.slice(0, 3).join(' ')}`,
    ]);
    const once = await exactlyOnce(env.DATABASE_URL, accounts);
    checks.push([
      'every POST retried with its key made one record',
      once.duplicates.length === 0,
      `${once.checked} keys, ${once.duplicates.length} with more than one record`,
    ]);
    checks.push([
      'a read right after a write saw it',
      tally.readYourWritesViolations.length === 0,
      `${tally.readYourWritesViolations.length} stale reads ${tally.readYourWritesViolations.slice(0, 2).join(' ')}`,
    ]);
    const prepared = await everyPrepared(base, accounts);
    checks.push([
      'every autoPrepare reached watchlist',
      prepared.stuck.length === 0,
      `${prepared.checked} prepared, ${prepared.stuck.length} not in watchlist after ${prepared.waitedSeconds} s`,
    ]);
    const delivered = await everyDelivered(base, accounts, deliveries);
    checks.push([
      'every event was delivered at least once',
      delivered.missing === 0,
      `${delivered.events} events, ${delivered.missing} never delivered, ${delivered.repeats} delivered more than once (waited ${delivered.waitedSeconds} s)`,
    ]);
    const replicaReads = (await listingReads(replica.url('career'))) - replicaReadsBefore;
    checks.push(['job search was answered from the replica', replicaReads > 0, `${replicaReads} scans of job_listings on the replica`]);

    printTable(['t', 'fault', 'outcome', 'answers until the next fault'], timeline);
    console.log(
      `\nload: ${CLIENTS} clients for ${loadSeconds.toFixed(0)} s through HAProxy; ${tally.requests} requests (${(tally.requests / loadSeconds).toFixed(0)}/s), ${tally.retried} resent with their key; statuses ${statuses(tally.byStatus)}`,
    );
    printTable(
      ['check', 'result', 'seen'],
      checks.map(([name, ok, seen]) => [name, ok ? 'pass' : 'FAIL', seen]),
    );
    if (checks.some(([, ok]) => !ok)) {
      console.log(`\nlogs kept in ${workspace.directory}`);
      process.exitCode = 1;
    }
  } finally {
    // The service's processes first, while the Redis and PostgreSQL their shutdown talks to still run.
    const [service, rest] = [programs.filter((program) => program.isService), programs.filter((program) => !program.isService)];
    await Promise.all(service.map((program) => program.stop('SIGTERM')));
    await Promise.all(rest.map((program) => program.stop('SIGTERM')));
    for (const node of nodes) {
      try {
        node.remove();
      } catch {
        // Already stopped.
      }
    }
    receiver?.close();
    if (!process.exitCode) workspace.remove();
  }
}

/** One client: a user's mix of writes and reads, each write resent with its key until the cluster answers it. */
async function drive(base: string, account: Account, index: number, deadline: () => number, tally: Tally): Promise<void> {
  for (let turn = 0; Date.now() < deadline(); turn += 1) {
    const contactKey = randomUUID();
    const contact = await resend(base, account, tally, 'POST', '/v1/contacts', { firstName: `drill-${contactKey}` }, contactKey);
    if (contact?.status === 201) account.contacts.set(contactKey, contact.body.id);

    const autoPrepare = turn % 5 === index % 5;
    const jobTitle = `Engineer ${index}-${turn}`;
    const created = await resend(base, account, tally, 'POST', '/v1/tracker/applications', {
      jobTitle,
      company: 'Drill Co',
      jobUrl: `https://jobs.example/drill/${index}/${turn}`,
      ...(autoPrepare ? { autoPrepare: true, jobDescription: JOB_DESCRIPTION } : {}),
    });
    if (created && created.status < 300) {
      const id = created.body.applicationId as string;
      account.applications.set(id, { id, jobTitle, autoPrepare, status: autoPrepare ? 'preparing' : 'watchlist' });
      const read = await resend(base, account, tally, 'GET', `/v1/tracker/applications/${id}`);
      if (read && read.status !== 200) tally.readYourWritesViolations.push(`create ${id}: read ${read.status}`);
      if (!autoPrepare) {
        const patched = await resend(base, account, tally, 'PATCH', `/v1/tracker/applications/${id}`, { status: 'applied' }, randomUUID());
        if (patched?.status === 200) {
          account.applications.get(id)!.status = 'applied';
          const after = await resend(base, account, tally, 'GET', `/v1/tracker/applications/${id}`);
          if (after && after.body?.data?.status !== 'applied') tally.readYourWritesViolations.push(`patch ${id}: read ${after.body?.data?.status}`);
        }
      }
    }
    await resend(base, account, tally, 'POST', '/v1/jobs/search', { query: SEARCHES[turn % SEARCHES.length], limit: 10 });
    await resend(base, account, tally, 'GET', '/v1/tracker/applications?limit=10');
    await sleep(50);
  }
}

/**
 * Sends a request, and sends it again (with the same Idempotency-Key for a write) while the answer is a connection
 * failure, a 5xx or the key's 409 "still in progress": what a client of a well-behaved API does.
 */
async function resend(
  base: string,
  account: Account,
  tally: Tally,
  method: string,
  path: string,
  body?: unknown,
  key = method === 'POST' ? randomUUID() : undefined,
) {
  const until = Date.now() + RETRY_FOR_MS;
  for (let attempt = 0; Date.now() < until; attempt += 1) {
    if (attempt > 0) {
      tally.retried += 1;
      await sleep(Math.min(2_000, 100 * 2 ** attempt));
    }
    const answer = await send(base, account, method, path, body, key).catch((error: Error) => ({ status: 0, text: error.message, body: undefined }));
    tally.requests += 1;
    // A 5xx is counted under its code too (`503 QUEUE_UNAVAILABLE`), so the table says what failed.
    const code = answer.status >= 500 && typeof answer.body?.code === 'string' ? ` ${answer.body.code}` : '';
    const status = answer.status === 0 ? 'network' : `${answer.status}${code}`;
    tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
    const inProgress = answer.status === 409 && /IDEMPOTENCY/i.test(answer.text);
    if (answer.status !== 0 && answer.status < 500 && !inProgress) return answer;
  }
  return undefined;
}

async function send(base: string, account: Account, method: string, path: string, body?: unknown, key?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.key}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, text, body: parsed };
}

async function durability(base: string, accounts: Account[]) {
  const missing: string[] = [];
  let checked = 0;
  for (const account of accounts) {
    for (const id of account.contacts.values()) {
      checked += 1;
      if ((await send(base, account, 'GET', `/v1/contacts/${id}`)).status !== 200) missing.push(`contact ${id}`);
    }
    for (const application of account.applications.values()) {
      checked += 1;
      const read = await send(base, account, 'GET', `/v1/tracker/applications/${application.id}`);
      if (read.status !== 200 || read.body.data.jobTitle !== application.jobTitle) missing.push(`application ${application.id}`);
      else if (application.status === 'applied' && read.body.data.status !== 'applied') missing.push(`status of ${application.id}`);
    }
  }
  return { checked, missing };
}

/** Each contact's name carries the key it was sent with: one record per key, however often it was resent. */
async function exactlyOnce(databaseUrl: string, accounts: Account[]) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ first_name: string; records: string }>(
      `SELECT first_name, count(*) AS records FROM contacts WHERE first_name LIKE 'drill-%' GROUP BY first_name`,
    );
    const keys = accounts.reduce((sum, account) => sum + account.contacts.size, 0);
    return { checked: keys, duplicates: rows.filter((row) => Number(row.records) > 1).map((row) => row.first_name) };
  } finally {
    await client.end();
  }
}

async function everyPrepared(base: string, accounts: Account[]) {
  const started = Date.now();
  const pending = accounts.flatMap((account) =>
    [...account.applications.values()].filter((application) => application.autoPrepare).map((application) => ({ account, application })),
  );
  let stuck = pending;
  while (stuck.length > 0 && Date.now() - started < 90_000) {
    const still = [];
    for (const item of stuck) {
      const read = await send(base, item.account, 'GET', `/v1/tracker/applications/${item.application.id}`).catch(() => undefined);
      if (read?.body?.data?.status !== 'watchlist') still.push(item);
    }
    stuck = still;
    if (stuck.length > 0) await sleep(1_000);
  }
  return { checked: pending.length, stuck: stuck.map((item) => item.application.id), waitedSeconds: Math.round((Date.now() - started) / 1000) };
}

/** Every event `GET /v1/events` lists (of the kinds the endpoints take) reached the receiver. */
async function everyDelivered(base: string, accounts: Account[], deliveries: Map<string, number>) {
  const kinds = new Set(['application.created', 'application.status_changed', 'application.prepared']);
  const started = Date.now();
  const ids: string[] = [];
  for (const account of accounts) {
    let after = '0';
    for (;;) {
      const page = await send(base, account, 'GET', `/v1/events?after=${after}&limit=100`);
      ids.push(...page.body.data.filter((event: { type: string }) => kinds.has(event.type)).map((event: { id: string }) => event.id));
      if (!page.body.hasMore) break;
      after = page.body.data.at(-1).id;
    }
  }
  let missing = ids.filter((id) => !deliveries.has(id));
  while (missing.length > 0 && Date.now() - started < 90_000) {
    await sleep(1_000);
    missing = missing.filter((id) => !deliveries.has(id));
  }
  return {
    events: ids.length,
    missing: missing.length,
    repeats: ids.filter((id) => (deliveries.get(id) ?? 0) > 1).length,
    waitedSeconds: Math.round((Date.now() - started) / 1000),
  };
}

/** Scans of the listings table the replica has run (its own statistics: a standby counts what it serves). */
async function listingReads(replicaUrl: string): Promise<number> {
  const client = new Client({ connectionString: replicaUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS scans FROM pg_stat_user_tables WHERE relname = 'job_listings'`,
    );
    return Number(rows[0]?.scans ?? 0);
  } finally {
    await client.end();
  }
}

/** The build's own preparation (create the database, apply migrations), so that the replica copies a migrated primary. */
async function prepare(databaseUrl: string): Promise<void> {
  await run(process.execPath, ['-e', `require('./dist/database/prepare-database').prepareDatabase(process.argv[1])`, databaseUrl], { cwd: ROOT });
}

/** Runs a command of the built CLI and answers its last line, parsed. */
async function cli(databaseUrl: string, ...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, [join(ROOT, 'dist', 'cli', 'main.js'), ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string);
}

async function importListings(databaseUrl: string): Promise<void> {
  const file = join(tmpdir(), `drill-listings-${process.pid}.json`);
  await run(
    'npx',
    ['ts-node', '--transpile-only', join(ROOT, 'tools', 'listing-generator', 'main.ts'), '--count', '2000', '--seed', 'drill', '--output', file],
    { cwd: ROOT },
  );
  await cli(databaseUrl, 'jobs:import', file).catch(() => undefined);
  rmSync(file, { force: true });
}

/** The drill's users: an account on the Plus plan with autoPrepare, and a key with every scope, each. */
function createAccounts(databaseUrl: string, count: number): Promise<Account[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const account = await cli(databaseUrl, 'account:create', '--email', `drill-${index}@cluster.example`, '--plan', 'plus', '--features', 'auto-prepare');
      const { key } = await cli(databaseUrl, 'key:create', '--account', account.id, '--name', 'drill', '--scopes', 'all');
      return { id: account.id, key, contacts: new Map(), applications: new Map() };
    }),
  );
}

function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );
}

function listen(port: number, onDelivery: (request: IncomingMessage) => void): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      onDelivery(request);
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function snapshot(tally: Tally): Map<string, number> {
  return new Map(tally.byStatus);
}

function summary(before: Map<string, number>, after: Map<string, number>): string {
  const delta = new Map(
    [...after].map(([status, count]) => [status, count - (before.get(status) ?? 0)]).filter(([, count]) => (count as number) > 0) as [string, number][],
  );
  return statuses(delta) || 'none';
}

function statuses(byStatus: Map<string, number>): string {
  return [...byStatus]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

const SEARCHES = ['engineer', 'python', 'data', 'remote', 'nurse', 'sales manager'];
const JOB_DESCRIPTION =
  'We are hiring a backend engineer to build and run the services behind our product. You will design APIs in ' +
  'TypeScript and Node.js, model data in PostgreSQL, write tests, review code, and keep production healthy with ' +
  'monitoring and on-call. Requirements: several years of experience with TypeScript or JavaScript on the server, ' +
  'SQL and PostgreSQL, REST API design, automated testing, Docker, and cloud platforms such as AWS. Nice to have: ' +
  'Redis, queues, Kubernetes, and experience mentoring other engineers in a small product team.';

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exitCode = 1;
});
