import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testRunEnvironment } from '../setup/test-environment';
import { ApiClient } from '../setup/api-client';
import { startTestApp, TestApp } from '../setup/test-app';

const run = promisify(execFile);
const CLI = join(__dirname, '..', '..', 'dist', 'cli', 'main.js');

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATABASE_URL: testRunEnvironment().databaseUrl };
  try {
    const { stdout, stderr } = await run('node', [CLI, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const json = (stdout: string) => JSON.parse(stdout);

describe('npm run cli', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it('creates an account, a key that works over HTTP, lists and revokes it', async () => {
    const email = `cli-${Date.now()}@test.example`;
    const created = await cli('account:create', '--email', email, '--name', 'Grace Hopper', '--plan', 'plus', '--features', 'auto-prepare');
    expect(created.code).toBe(0);
    const account = json(created.stdout);
    expect(account).toEqual({ id: expect.any(String), email, name: 'Grace Hopper', plan: 'plus', features: ['auto-prepare'] });

    const keyResult = await cli('key:create', '--account', account.id, '--name', 'laptop', '--scopes', 'tracker:read,tracker:write', '--expires-in-days', '30');
    expect(keyResult.code).toBe(0);
    const key = json(keyResult.stdout);
    expect(key).toEqual({ id: expect.any(String), key: expect.stringMatching(/^cpk_[0-9a-f]{64}$/), scopes: ['tracker:read', 'tracker:write'], expiresAt: expect.any(String) });
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
    expect(updated.plan).toBe('plus');
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
});
