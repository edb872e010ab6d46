/** @long-running: each command is a Node process of its own. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { cli, cliWithEnv, COMMAND_TIMEOUT_MS, generate } from '../setup/commands';
import { ApiClient } from '../setup/api-client';
import { TestApp, useTestApp } from '../setup/test-app';

// The longest test here runs seven commands one after the other.
jest.setTimeout(8 * COMMAND_TIMEOUT_MS);

const json = (stdout: string) => JSON.parse(stdout);

describe('npm run cli', () => {
  let testApp: TestApp;
  const suite = useTestApp();
  beforeAll(async () => {
    testApp = suite.testApp;
  });

  it('creates an account, a key that works over HTTP, lists and revokes it', async () => {
    const email = `cli-${Date.now()}@test.example`;
    const created = await cli('account:create', '--email', email, '--name', 'Grace Hopper', '--plan', 'plus', '--features', 'auto-prepare');
    expect(created.code).toBe(0);
    const account = json(created.stdout);
    expect(account).toEqual({ id: expect.any(String), email, name: 'Grace Hopper', plan: 'plus', features: ['auto-prepare'], createdAt: expect.any(String) });

    const keyResult = await cli('key:create', '--account', account.id, '--name', 'laptop', '--scopes', 'tracker:read,tracker:write', '--expires-in-days', '30');
    expect(keyResult.code).toBe(0);
    const key = json(keyResult.stdout);
    expect(key).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(/^cpk_[0-9a-f]{64}$/),
      scopes: ['tracker:read', 'tracker:write'],
      expiresAt: expect.any(String),
    });
    expect(new Date(key.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const api = new ApiClient(testApp.baseUrl, key.key);
    expect((await api.get('/v1/tracker/applications')).status).toBe(200);

    const second = await cli('key:create', '--account', account.id, '--name', 'second', '--scopes', 'all');
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain('already has an active key');
    expect(second.stdout).toBe('');

    const listed = json((await cli('key:list', '--account', account.id)).stdout);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: key.id, name: 'laptop', keyPrefix: key.key.slice(4, 12), revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(key.key);
    expect(listed.data[0]).not.toHaveProperty('keyHash');

    const revoked = json((await cli('key:revoke', key.id)).stdout);
    expect(revoked).toEqual({ id: key.id, revokedAt: expect.any(String) });
    expect((await api.get('/v1/tracker/applications')).status).toBe(401);

    const all = json((await cli('key:create', '--account', account.id, '--name', 'all', '--scopes', 'all')).stdout);
    expect(all.scopes).toEqual(expect.arrayContaining(['jobs:search', 'cover-letter:read', 'custom-sections:write', 'resume:export']));
  });

  it('refuses keys on the free plan, and accepts them after account:update to plus', async () => {
    const account = json((await cli('account:create', '--email', `free-${Date.now()}@test.example`)).stdout);
    expect(account.plan).toBe('free');
    const refused = await cli('key:create', '--account', account.id, '--name', 'k', '--scopes', 'all');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Plus plan');
    const updated = json((await cli('account:update', account.id, '--plan', 'plus')).stdout);
    expect(updated).toEqual({ ...account, plan: 'plus' });
    expect((await cli('key:create', '--account', account.id, '--name', 'k', '--scopes', 'all')).code).toBe(0);
  });

  it('reports bad input on stderr with a non-zero exit', async () => {
    const duplicate = `dup-${Date.now()}@test.example`;
    await cli('account:create', '--email', duplicate);
    for (const args of [
      ['account:create', '--email', duplicate],
      ['account:create', '--email', 'not-an-email'],
      ['account:create', '--email', 'x@test.example', '--plan', 'gold'],
      ['key:create', '--account', '00000000-0000-4000-8000-000000000000', '--name', 'k', '--scopes', 'tracker:fly'],
      ['key:revoke', '00000000-0000-4000-8000-000000000000'],
    ]) {
      const result = await cli(...args);
      expect(result.code).not.toBe(0);
      expect(result.stderr.trim().length).toBeGreaterThan(0);
      expect(result.stdout).toBe('');
    }
  });

  it('checks ids before they reach the database, naming the argument', async () => {
    for (const [args, argument] of [
      [['key:list', '--account', 'nope'], '--account'],
      [['key:create', '--account', '1234', '--name', 'k', '--scopes', 'all'], '--account'],
      [['key:revoke', 'not-a-key'], '<keyId>'],
      [['account:update', 'someone', '--plan', 'plus'], '<accountId>'],
    ] as const) {
      const result = await cli(...args);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`${argument} must be an id`);
      expect(result.stderr).not.toContain('uuid');
    }
  });

  it('lists the valid scopes when one is unknown', async () => {
    const result = await cli('key:create', '--account', '00000000-0000-4000-8000-000000000000', '--name', 'k', '--scopes', 'tracker:read,tracker:fly');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Unknown scopes: tracker:fly (known: all, jobs:search, tracker:read, tracker:write,');
    expect(result.stderr).toContain('cover-letter:write');
  });

  it('reports the progress of jobs:generate and jobs:import on stderr, leaving one JSON object on stdout', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cli-progress-')), 'listings.ndjson');
    const count = 1_200;
    const seed = `progress-${randomBytes(4).toString('hex')}`;
    // Out of a terminal, a line every --progress-every seconds: 0 makes every step print one.
    const generated = await generate('--count', String(count), '--seed', seed, '--output', file, '--progress-every', '0');
    expect(generated.code).toBe(0);
    expect(generated.stdout.trim().split('\n').map(json)).toEqual([{ generated: count, file }]);
    const generateLines = generated.stderr.trim().split('\n');
    expect(generateLines).toContain(`100% ${count} of ${count} listings`);
    expect(generateLines[0]).toBe(`0% 1 of ${count} listings`);
    expect(generated.stderr).not.toContain('\r');

    const imported = await cli('jobs:import', file, '--progress-every', '0');
    expect(imported.code).toBe(0);
    expect(imported.stdout.trim().split('\n').map(json)).toEqual([{ imported: count, updated: 0, rejected: 0 }]);
    const importLines = imported.stderr.trim().split('\n');
    // Records are stored 500 at a time: a line after each batch, the last one at the end of the file.
    expect(importLines).toEqual([
      expect.stringMatching(/^\d+% 500 records \(500 new, 0 updated, 0 rejected\)$/),
      expect.stringMatching(/^\d+% 1000 records \(1000 new, 0 updated, 0 rejected\)$/),
      '100% 1200 records (1200 new, 0 updated, 0 rejected)',
    ]);
  });

  it('exits non-zero when jobs:import rejects every record, still printing its counts', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cli-rejected-')), 'listings.ndjson');
    writeFileSync(file, '{"title":"no company, no id"}\n{"company":"no title"}\n');
    const imported = await cli('jobs:import', file);
    expect(imported.code).toBe(1);
    expect(json(imported.stdout)).toEqual({ imported: 0, updated: 0, rejected: 2 });
    expect(imported.stderr).toContain('every record was rejected (2)');
  });

  it('jobs:count-phrases counts the phrases it is named and those the sample finds in many listings, and the triggers keep them', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cli-phrases-')), 'listings.ndjson');
    expect((await generate('--count', '400', '--seed', `phrases-${randomBytes(4).toString('hex')}`, '--output', file)).code).toBe(0);
    expect((await cli('jobs:import', file)).code).toBe(0);
    const dataSource = testApp.app.get(DataSource);
    // A title of three words or more, as someone would quote it.
    const [{ title }] = await dataSource.query(
      `SELECT title FROM job_listings WHERE phraseto_tsquery('english', title)::text ~ '^''[^'']+''( <-> ''[^'']+''){2,4}$' ORDER BY id LIMIT 1`,
    );
    const holding = async () =>
      (await dataSource.query(`SELECT count(*)::int AS listings FROM job_listings WHERE search_vector @@ phraseto_tsquery('english', $1)`, [title]))[0]
        .listings;
    const counted = await cli('jobs:count-phrases', '--min-listings', '32', '--phrase', title);
    expect(counted.code).toBe(0);
    const result = json(counted.stdout);
    expect(result.named).toEqual([{ run: expect.any(String), listings: await holding() }]);
    expect(result.named[0].listings).toBeGreaterThan(0);
    // The sample (one listing in 32) holds some listings, each with runs of words: at 32 listings, every run it holds.
    expect(result.phrases).toBeGreaterThan(1);
    const [{ rows }] = await dataSource.query('SELECT count(*)::int AS rows FROM job_listing_phrases');
    expect(rows).toBe(result.phrases);
    const [holder] = await dataSource.query(`SELECT id FROM job_listings WHERE search_vector @@ phraseto_tsquery('english', $1) LIMIT 1`, [title]);
    await dataSource.query('DELETE FROM job_listings WHERE id = $1', [holder.id]);
    const [{ listings }] = await dataSource.query('SELECT listings FROM job_listing_phrases WHERE phrase = hashtextextended($1, 0)', [result.named[0].run]);
    expect(listings).toBe(result.named[0].listings - 1);

    const gap = await cli('jobs:count-phrases', '--phrase', 'head of sales');
    expect(gap.code).not.toBe(0);
    expect(gap.stderr).toContain('--phrase "head of sales" is not three to five words in a row once stop words are left out');
    const most = await cli('jobs:count-phrases', '--most', 'all');
    expect(most.code).not.toBe(0);
    expect(most.stderr).toContain('--most must be a whole number above 0, got "all"');
    expect(json((await cli('jobs:count-phrases', '--min-listings', String(Number.MAX_SAFE_INTEGER))).stdout)).toEqual({
      phrases: 0,
      named: [],
      seconds: expect.any(Number),
    });
  });

  it('finds the id of an account by its email (account:get), which account:update then takes', async () => {
    const email = `get-${Date.now()}@test.example`;
    const created = json((await cli('account:create', '--email', email, '--name', 'Gina')).stdout);
    const found = await cli('account:get', '--email', email);
    expect([found.code, json(found.stdout)]).toEqual([0, created]);
    expect((await cli('account:update', json(found.stdout).id, '--plan', 'plus')).code).toBe(0);
    const missing = await cli('account:get', '--email', `nobody-${Date.now()}@test.example`);
    expect([missing.code, missing.stdout]).toEqual([1, '']);
    expect(missing.stderr).toContain('No account with email');
  });

  it('names DATABASE_URL, without its password, when PostgreSQL cannot be reached', async () => {
    const unreachable = await cliWithEnv(
      { DATABASE_URL: 'postgres://postgres:s3cret@127.0.0.1:1/career' },
      'key:list',
      '--account',
      '00000000-0000-4000-8000-000000000000',
    );
    expect([unreachable.code, unreachable.stdout]).toEqual([1, '']);
    expect(unreachable.stderr).toContain(
      'cannot connect to PostgreSQL at postgres://postgres:***@127.0.0.1:1/career (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:1',
    );
    expect(unreachable.stderr).not.toContain('s3cret');
  });

  it('refuses a --progress-every that is not a number of seconds', async () => {
    const result = await generate('--count', '1', '--progress-every', 'soon');
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--progress-every must be a number of seconds');
  });
});
