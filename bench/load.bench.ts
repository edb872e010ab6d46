/**
 * `npm run bench:load` (also the second half of `npm run bench`): a mixed workload — reads, writes, searches — from
 * 50 concurrent clients for 60 s against two service processes sharing one PostgreSQL and one Redis. Reports
 * requests/s, latency, errors, and the rate-limit accounting: for every account and route, the requests accepted
 * in any 60 s window, summed over both processes, never exceed the route's limit.
 */
import { join } from 'node:path';
import { createDatabaseIfMissing, dropDatabase } from '../src/database/prepare-database';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SCOPES } from '../src/common/auth/scopes';
import { dataSourceOptions } from '../src/database/data-source-options';
import { AccountsService } from '../src/modules/accounts/accounts.service';
import { AccountsModule } from '../src/modules/accounts/accounts.module';
import { ApiKeysModule } from '../src/modules/api-keys/api-keys.module';
import { ApiKeysService } from '../src/modules/api-keys/api-keys.service';
import { ROOT, SERVICE_NODE_FLAGS, startServer, stopServer } from './support';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_load';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Limits scaled so that a busy client sometimes meets them: the accounting is then tested, not idle. */
const SCALE = Number(process.env.BENCH_RATE_LIMIT_SCALE ?? 2);
const PORTS = [3911, 3912];
const WINDOW_MS = 60_000;

interface Operation {
  name: string;
  /** The route's limit per minute, before scaling. */
  limit: number;
  weight: number;
  request(client: ClientState): { method: string; path: string; body?: unknown };
}

interface ClientState {
  key: string;
  accountId: string;
  applicationIds: string[];
  resumeId: string;
  sequence: number;
}

const SEARCH_TERMS = ['engineer', 'python', 'data', 'remote', 'manager', 'react', 'kubernetes', 'sales'];
const STATUSES = ['applied', 'screening', 'interview_scheduled', 'offer', 'rejected'];

const OPERATIONS: Operation[] = [
  { name: 'GET /v1/tracker/applications', limit: 60, weight: 30, request: () => ({ method: 'GET', path: '/v1/tracker/applications?limit=25' }) },
  {
    name: 'GET /v1/tracker/applications/{id}',
    limit: 60,
    weight: 20,
    request: (client) => ({ method: 'GET', path: `/v1/tracker/applications/${pick(client.applicationIds, client.sequence)}` }),
  },
  {
    name: 'POST /v1/tracker/applications',
    limit: 20,
    weight: 10,
    request: (client) => ({ method: 'POST', path: '/v1/tracker/applications', body: { jobTitle: `Engineer ${client.sequence}`, company: 'Load Co' } }),
  },
  {
    name: 'PATCH /v1/tracker/applications/{id}',
    limit: 20,
    weight: 10,
    request: (client) => ({
      method: 'PATCH',
      path: `/v1/tracker/applications/${pick(client.applicationIds, client.sequence)}`,
      body: { status: pick(STATUSES, client.sequence), priority: 1 + (client.sequence % 5) },
    }),
  },
  { name: 'GET /v1/resume/{id}', limit: 30, weight: 10, request: (client) => ({ method: 'GET', path: `/v1/resume/${client.resumeId}` }) },
  { name: 'GET /v1/profile', limit: 30, weight: 5, request: () => ({ method: 'GET', path: '/v1/profile' }) },
  {
    name: 'POST /v1/jobs/search',
    limit: 30,
    weight: 15,
    request: (client) => ({ method: 'POST', path: '/v1/jobs/search', body: { query: pick(SEARCH_TERMS, client.sequence), limit: 20 } }),
  },
];

async function main(): Promise<void> {
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  const env = { DATABASE_URL, REDIS_PREFIX: `career-bench-load:${Date.now()}:`, RATE_LIMIT_SCALE: String(SCALE), LOG_LEVEL: 'warn' };
  const servers = await Promise.all(PORTS.map((port) => startServer(join(ROOT, 'dist/main.js'), env, port, SERVICE_NODE_FLAGS)));
  try {
    const searchable = await hasOperation(PORTS[0], '/v1/jobs/search');
    const operations = OPERATIONS.filter((operation) => searchable || operation.name !== 'POST /v1/jobs/search');
    const clients = await Promise.all((await createAccounts(CLIENTS)).map(seedClient));
    const records: LoadRecord[] = [];
    let networkErrors = 0;
    const serverErrors = new Map<string, number>();
    const deadline = Date.now() + SECONDS * 1000;
    const totalWeight = operations.reduce((sum, operation) => sum + operation.weight, 0);

    await Promise.all(
      clients.map(async (client, clientIndex) => {
        while (Date.now() < deadline) {
          client.sequence += 1;
          let roll = (client.sequence * 7919 + clientIndex * 104729) % totalWeight;
          const operation = operations.find((candidate) => (roll -= candidate.weight) < 0) as Operation;
          const { method, path, body } = operation.request(client);
          const port = PORTS[(client.sequence + clientIndex) % PORTS.length];
          const started = performance.now();
          const sentAt = Date.now();
          try {
            const response = await fetch(`http://127.0.0.1:${port}${path}`, {
              method,
              headers: { authorization: `Bearer ${client.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
              body: body ? JSON.stringify(body) : undefined,
            });
            const answer = await response.text();
            if (response.status === 201 && operation.name === 'POST /v1/tracker/applications') client.applicationIds.push(JSON.parse(answer).applicationId);
            if (response.status >= 500) serverErrors.set(answer.slice(0, 120), (serverErrors.get(answer.slice(0, 120)) ?? 0) + 1);
            records.push({
              client: clientIndex,
              operation: operation.name,
              status: response.status,
              sentAt,
              answeredAt: Date.now(),
              ms: performance.now() - started,
            });
          } catch {
            networkErrors += 1;
          }
        }
      }),
    );

    report(records, networkErrors, operations);
    for (const [body, count] of serverErrors) console.log(`5xx ×${count}: ${body}`);
  } finally {
    await Promise.all(servers.map(stopServer));
    await dropDatabase(DATABASE_URL);
  }
}

/** The services the CLI uses to make accounts and keys, on the bench's database. */
@Module({ imports: [TypeOrmModule.forRoot(dataSourceOptions(DATABASE_URL)), AccountsModule, ApiKeysModule] })
class BenchAccountsModule {}

/** An account and key per client, through the services the CLI uses (one CLI process per account would take minutes). */
async function createAccounts(count: number): Promise<{ accountId: string; key: string }[]> {
  const context = await NestFactory.createApplicationContext(BenchAccountsModule, { logger: false });
  try {
    const accounts = context.get(AccountsService);
    const keys = context.get(ApiKeysService);
    return await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const account = await accounts.create({ email: `load-${index}@bench.example`, plan: 'plus' });
        const { key } = await keys.create({ accountId: account.id, name: 'load', scopes: [...SCOPES] });
        return { accountId: account.id, key };
      }),
    );
  } finally {
    await context.close();
  }
}

async function seedClient({ accountId, key }: { accountId: string; key: string }): Promise<ClientState> {
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetch(`http://127.0.0.1:${PORTS[0]}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response.json();
  };
  const applicationIds: string[] = [];
  for (let index = 0; index < 5; index += 1)
    applicationIds.push((await call('POST', '/v1/tracker/applications', { jobTitle: `Seed ${index}`, company: 'Seed Co' })).applicationId);
  const resumes = await call('GET', '/v1/resume');
  return { key, accountId, applicationIds, resumeId: resumes.data[0].id, sequence: 0 };
}

interface LoadRecord {
  client: number;
  operation: string;
  status: number;
  sentAt: number;
  answeredAt: number;
  ms: number;
}

function report(records: LoadRecord[], networkErrors: number, operations: Operation[]): void {
  const latencies = records.map((record) => record.ms).sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]?.toFixed(1);
  const byStatus = new Map<number, number>();
  for (const record of records) byStatus.set(record.status, (byStatus.get(record.status) ?? 0) + 1);
  const serverErrors = records.filter((record) => record.status >= 500).length;
  console.log(`\n${CLIENTS} clients, ${SECONDS} s, 2 service processes, RATE_LIMIT_SCALE=${SCALE}`);
  console.log(`requests: ${records.length} (${(records.length / SECONDS).toFixed(0)}/s); p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
  console.log(`errors: ${serverErrors} answered 5xx, ${networkErrors} network errors`);
  console.log(
    `statuses: ${[...byStatus.entries()]
      .sort()
      .map(([status, count]) => `${status}×${count}`)
      .join(', ')}`,
  );

  // For each account and route, the client sees when it sent and when it got each answer, not when Redis counted it
  // (somewhere between). Requests surely counted within one window: a group whose first was sent and whose last was
  // answered less than 60 s apart. More of them than the limit would be a certain breach.
  const rows = operations.map((operation) => {
    const limit = Math.max(1, Math.round(operation.limit * SCALE));
    let most = 0;
    const perClient = new Map<number, LoadRecord[]>();
    for (const record of records) {
      if (record.operation !== operation.name || record.status === 429) continue;
      perClient.set(record.client, [...(perClient.get(record.client) ?? []), record]);
    }
    for (const accepted of perClient.values()) {
      accepted.sort((a, b) => a.sentAt - b.sentAt);
      for (let first = 0; first < accepted.length; first += 1) {
        let last = first;
        let answeredBy = accepted[first].answeredAt;
        while (last + 1 < accepted.length && Math.max(answeredBy, accepted[last + 1].answeredAt) - accepted[first].sentAt < WINDOW_MS) {
          last += 1;
          answeredBy = Math.max(answeredBy, accepted[last].answeredAt);
        }
        most = Math.max(most, last - first + 1);
      }
    }
    const refused = records.filter((record) => record.operation === operation.name && record.status === 429).length;
    return { route: operation.name, limit, 'most surely in one 60 s window': most, within: most <= limit ? 'yes' : 'NO', '429s': refused };
  });
  console.table(rows);
}

function pick<T>(values: T[], sequence: number): T {
  return values[sequence % values.length];
}

async function hasOperation(port: number, path: string): Promise<boolean> {
  const document = (await (await fetch(`http://127.0.0.1:${port}/docs-json`)).json()) as { paths: Record<string, unknown> };
  return path in document.paths;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
