/**
 * `npm run bench:webhooks`, through the real service (built, delivery worker inline) and a receiver on loopback that
 * answers at once (bench/webhook-receiver.ts, a process of its own):
 * 1. create → delivered: applications created at a steady 100 per second by an account with a webhook; for each
 *    `application.created`, the time from the create's request leaving the client to the event's arrival at the
 *    receiver; p50, p99 and max, and how many never arrived. First the same for the service's first seconds
 *    (BENCH_WARM_UP_SECONDS), reported apart: a process just started answers its first half second slowly, and on a
 *    slow machine those first ~50 events were every delivery late enough to set the p99 (bench/RESULTS-webhooks.md).
 * 2. the cost on the write path: create-application requests per second (autocannon, 10 connections) for an account
 *    with a webhook and for one without, in interleaved rounds so that the machine's background load falls on both;
 *    the ratio with/without per round, min/median/max. Every change records its event either way; the webhook adds
 *    the fan-out and the deliveries (sent by the same process, as with WEBHOOKS_WORKER=inline).
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createDatabaseIfMissing, dropDatabase } from '../src/database/prepare-database';
import { cli, ROOT, SERVICE_NODE_FLAGS, startServer, stopServer } from './support';
import type { ReceiverMessage } from './webhook-receiver';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_webhooks';
const RATE = Number(process.env.BENCH_RATE ?? 100);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 20);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 10);
const MAX_IN_FLIGHT = 64;
const PORT = 3904;
const BASE = `http://127.0.0.1:${PORT}`;

interface Arrival {
  /** The job title carries the create's place in the schedule. */
  jobTitle: string;
  /** From the event's createdAt: the start of the transaction that recorded it. */
  sinceEventMs: number;
  arrivedAt: number;
}

async function main(): Promise<void> {
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  const env = {
    DATABASE_URL,
    REDIS_PREFIX: `career-bench:${Date.now()}:`,
    RATE_LIMIT_SCALE: '100000',
    LOG_LEVEL: 'warn',
    WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
  };
  const keyOf = (name: string) => {
    const account = cli(env, 'account:create', '--email', `${name}-${Date.now()}@bench.example`, '--plan', 'plus');
    return cli(env, 'key:create', '--account', account.id, '--name', 'bench', '--scopes', 'all').key as string;
  };
  const withWebhook = keyOf('with-webhook');
  const withoutWebhook = keyOf('without-webhook');

  const arrivals: Arrival[] = [];
  const receiverLoad = { connections: 0, requests: 0 };
  const receiver = fork(join(ROOT, 'bench/webhook-receiver.ts'), [], {
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const receiverPort = await new Promise<number>((resolve, reject) => {
    receiver.on('message', (message: ReceiverMessage) => {
      if ('port' in message) return resolve(message.port);
      for (const [jobTitle, eventCreatedAt, arrivedAt] of message.arrivals) arrivals.push({ jobTitle, sinceEventMs: arrivedAt - eventCreatedAt, arrivedAt });
      // Connections against requests: whether the delivery worker reuses its connection to an endpoint (keep-alive).
      Object.assign(receiverLoad, { connections: message.connections, requests: message.requests });
    });
    receiver.once('exit', (code) => reject(new Error(`the receiver exited with ${code}`)));
  });
  const receiverUrl = `http://127.0.0.1:${receiverPort}/hooks`;

  const service = await startServer(join(ROOT, 'dist/main.js'), env, PORT, SERVICE_NODE_FLAGS);
  try {
    const created = await post(withWebhook, '/v1/webhooks', { url: receiverUrl, eventTypes: ['application.created'] });
    if (!created.secret) throw new Error(`webhook not created: ${JSON.stringify(created)}`);

    const warmUp = await eventToDelivered(withWebhook, arrivals, WARM_UP_SECONDS);
    arrivals.length = 0;
    const latency = await eventToDelivered(withWebhook, arrivals, LATENCY_SECONDS);
    const { perSecond: rounds, backlog } = await interleavedRounds(withWebhook, withoutWebhook, arrivals);

    console.log(
      `\ncreate → delivered: ${latency.count} application.created events asked at ${RATE}/s, achieved ${latency.achieved}/s ` +
        `(${latency.failed} creates failed, ${latency.lost} events not delivered within 30 s of the last create):`,
    );
    console.log(`  from the create's send at the client:                 ${latency.sinceSend}`);
    console.log(`  from the event's createdAt (its transaction's start): ${latency.sinceEvent}`);
    console.log(`  before these, the service's first ${WARM_UP_SECONDS} s (${warmUp.count} events, not counted above): from the send ${warmUp.sinceSend}`);
    console.log(`  the receiver accepted ${receiverLoad.connections} connections for ${receiverLoad.requests} deliveries`);
    console.log(`\ncreate application, req/s (autocannon, 10 connections, ${ROUND_SECONDS} s per round, ${ROUNDS} interleaved rounds):`);
    for (const [name, values] of Object.entries(rounds)) console.log(`  ${name.padEnd(16)} ${spread(values)}   (rounds: ${values.join(', ')})`);
    const ratios = rounds['with webhook'].map((withHook, index) => Math.round((withHook / rounds['without webhook'][index]) * 100));
    console.log(`  with / without   ${spread(ratios)} %   (rounds: ${ratios.join(', ')})`);
    console.log(`  deliveries not yet arrived when a with-webhook round ended: ${backlog.join(', ')}`);
    console.log(
      `\nload average at the end: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await stopServer(service);
    receiver.kill();
    await dropDatabase(DATABASE_URL);
  }
}

function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `min ${sorted[0]}, median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted.at(-1)}`;
}

async function post(key: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

/**
 * Creates applications on a fixed schedule (open loop: a slow answer does not slow the schedule) and waits for their
 * deliveries. At most MAX_IN_FLIGHT creates are outstanding: on a machine that cannot keep up, the rate achieved is
 * lower than asked, and is reported, rather than the client piling up connections until they time out.
 */
async function eventToDelivered(key: string, arrivals: Arrival[], seconds: number) {
  const total = RATE * seconds;
  const started = performance.now();
  const inFlight = new Set<Promise<unknown>>();
  let failed = 0;
  const sentAt: number[] = [];
  for (let index = 0; index < total; index += 1) {
    const wait = started + (index * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    sentAt[index] = Date.now();
    const request = post(key, '/v1/tracker/applications', { jobTitle: `Engineer ${index}`, company: 'Latency' })
      .then(
        (body) => body.applicationId !== undefined,
        () => false,
      )
      .then((created) => {
        if (!created) failed += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  const achieved = Math.round((total / (performance.now() - started)) * 1000);
  const deadline = Date.now() + 30_000;
  while (arrivals.length < total - failed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const summary = (latencies: number[]) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
    return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)} ms`;
  };
  return {
    count: total,
    achieved,
    failed,
    lost: total - failed - arrivals.length,
    sinceSend: summary(arrivals.map((arrival) => arrival.arrivedAt - sentAt[Number(arrival.jobTitle.replace('Engineer ', ''))])),
    sinceEvent: summary(arrivals.map((arrival) => arrival.sinceEventMs)),
  };
}

/**
 * After each round with the webhook, waits for its deliveries to arrive, so that none is sent during the next round
 * (which would charge its cost there); the deliveries still to come when the round ended are reported as `backlog`.
 */
async function interleavedRounds(withWebhook: string, withoutWebhook: string, arrivals: Arrival[]) {
  const results: Record<string, number[]> = { 'with webhook': [], 'without webhook': [] };
  const backlog: number[] = [];
  const round = async (key: string) => {
    const result = await autocannon({
      url: `${BASE}/v1/tracker/applications`,
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jobTitle: 'Engineer', company: 'Throughput' }),
      connections: 10,
      duration: ROUND_SECONDS,
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`round had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    return { perSecond: Math.round(result.requests.average), created: result.requests.total };
  };
  await round(withoutWebhook); // warm-up: JIT, pools
  for (let index = 0; index < ROUNDS; index += 1) {
    const order = index % 2 === 0 ? (['with webhook', 'without webhook'] as const) : (['without webhook', 'with webhook'] as const);
    for (const name of order) {
      const before = arrivals.length;
      const { perSecond, created } = await round(name === 'with webhook' ? withWebhook : withoutWebhook);
      results[name].push(perSecond);
      if (name === 'without webhook') continue;
      // autocannon does not count the requests in flight when the round ends: wait until arrivals stop too.
      backlog.push(Math.max(0, before + created - arrivals.length));
      const deadline = Date.now() + 60_000;
      for (let last = -1; (arrivals.length < before + created || arrivals.length > last) && Date.now() < deadline;) {
        last = arrivals.length;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  }
  return { perSecond: results, backlog };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
