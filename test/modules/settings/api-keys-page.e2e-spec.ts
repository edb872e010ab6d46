import { SCOPES } from '@src/common/auth/scopes';
import { ApiClient } from '../../setup/api-client';
import { createPerson, TestPerson } from '../../setup/factories';
import { PageClient, pageText } from '../../setup/page-client';
import { useTestApp } from '../../setup/test-app';

const KEY = /\bcpk_[0-9a-f]{64}\b/;

describe('Settings pages', () => {
  const suite = useTestApp();

  const signedIn = async (options: Parameters<typeof createPerson>[1] = {}): Promise<{ person: TestPerson; browser: PageClient }> => {
    const person = await createPerson(suite.testApp.app, options);
    const browser = new PageClient(suite.testApp.baseUrl);
    await browser.signIn(person.email, person.password);
    return { person, browser };
  };
  const createKey = (browser: PageClient, fields: Record<string, string>) =>
    browser.submit('/settings/api-keys', '/settings/api-keys', { access: 'read-only', expiry: '90', ...fields });
  const keyIn = (html: string) => KEY.exec(html)?.[0];
  const revokePath = (html: string) => /href="(\/settings\/api-keys\/[0-9a-f-]{36}\/revoke)"/.exec(html)?.[1];

  describe('GET /settings', () => {
    it("shows the account's email, name, plan and features, read only, with a way to sign out", async () => {
      const { person, browser } = await signedIn({ name: 'Ada Lovelace', features: ['auto-prepare'] });
      const page = await browser.get('/settings');
      const text = pageText(page.html);

      expect(page.status).toBe(200);
      expect(text).toContain(`Email ${person.email}`);
      expect(text).toContain('Name Ada Lovelace');
      expect(text).toContain('Plan Plus');
      expect(text).toContain('Features auto-prepare');
      // The details are shown, not edited: the only fields on the page are the password form's.
      expect(/<section[^>]*aria-labelledby="account-details"[\s\S]*?<\/section>/.exec(page.html)![0]).not.toMatch(/<input/);
      expect(page.html).toContain('action="/sign-out"');
    });
  });

  describe('/settings/api-keys', () => {
    it('creates a read-only key, shows it once, lists it without the secret, and the key works on /v1 within its scopes', async () => {
      const { browser } = await signedIn();
      const created = await createKey(browser, { name: 'Laptop script', access: 'read-only', expiry: '30' });

      expect(created.status).toBe(201);
      const key = keyIn(created.html)!;
      expect(key).toBeDefined();
      expect(pageText(created.html)).toContain('Copy it now. It is shown only this once');
      expect(created.headers.get('cache-control')).toBe('no-store');

      const list = await browser.get('/settings/api-keys');
      const text = pageText(list.html);
      expect(keyIn(list.html)).toBeUndefined();
      expect(text).toContain(`Laptop script cpk_${key.slice(4, 12)}… Read only`);
      expect(text).toMatch(/Read only .* \d{1,2} \w{3} \d{4} Never \d{1,2} \w{3} \d{4} Revoke/);
      expect(list.html).toMatch(/title="\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC"/);

      const api = new ApiClient(suite.testApp.baseUrl, key);
      expect((await api.get('/v1/contacts')).status).toBe(200);
      expect((await api.post('/v1/contacts', { firstName: 'Grace' })).body).toEqual({ error: 'Insufficient scope', requiredScope: 'contacts:write' });
      // lastUsedAt is written beside the request, not in it: the page shows it once that write lands.
      let listed = '';
      for (let attempt = 0; attempt < 20 && !/\d{4} \d{1,2} \w{3} \d{4} \d{1,2} \w{3} \d{4} Revoke/.test(listed); attempt++) {
        listed = pageText((await browser.get('/settings/api-keys')).html);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(listed).not.toContain('Never');
    });

    it('grants exactly the areas chosen per area, and everything with the shortcut', async () => {
      const { person, browser } = await signedIn();
      const custom = await createKey(browser, {
        name: 'Tracker sync',
        access: 'custom',
        'level.tracker': 'write',
        'level.contacts': 'read',
        'level.jobs': 'read',
      });
      const key = keyIn(custom.html)!;
      const listed = await suite.testApp.app.get((await import('@src/modules/api-keys/api-keys.service')).ApiKeysService).list(person.accountId);
      expect(listed[0].scopes.sort()).toEqual(['contacts:read', 'jobs:search', 'tracker:read', 'tracker:write']);
      expect(pageText(custom.html)).toContain('Job search (read); Application tracker (read and write); Contacts (read)');

      await browser.get(revokePath((await browser.get('/settings/api-keys')).html)!);
      await browser.post(revokePath((await browser.get('/settings/api-keys')).html)!);
      expect((await new ApiClient(suite.testApp.baseUrl, key).get('/v1/tracker/applications')).status).toBe(401);

      const everything = await createKey(browser, { name: 'Agent', access: 'everything', expiry: 'never' });
      expect(everything.status).toBe(201);
      const all = await suite.testApp.app.get((await import('@src/modules/api-keys/api-keys.service')).ApiKeysService).list(person.accountId);
      expect(all[0]).toMatchObject({ name: 'Agent', expiresAt: null });
      expect(all[0].scopes).toEqual([...SCOPES]);
    });

    it('explains a refused form and creates nothing: no name, no permission, an unknown expiry', async () => {
      const { browser } = await signedIn();
      const answer = await createKey(browser, { name: '  ', access: 'custom', expiry: '7' });
      const text = pageText(answer.html);

      expect(answer.status).toBe(400);
      expect(text).toContain('Give the key a name');
      expect(text).toContain('Choose at least one permission');
      expect(text).toContain('Choose when the key expires');
      expect(keyIn(answer.html)).toBeUndefined();
      expect(text).toContain('No keys yet.');
    });

    it('shows why a second key cannot be made while one is active, and refuses a post anyway', async () => {
      const { browser } = await signedIn();
      await createKey(browser, { name: 'First' });
      const page = await browser.get('/settings/api-keys');

      expect(pageText(page.html)).toContain('This account already has an active key, “First”. An account holds one active key at a time: revoke it below');
      expect(page.html).not.toContain('<form method="post" action="/settings/api-keys"');
      const second = await browser.post('/settings/api-keys', { name: 'Second', access: 'everything', expiry: '90' });
      expect(second.status).toBe(409);
      expect(keyIn(second.html)).toBeUndefined();
      expect(pageText(second.html)).not.toContain('Second');
    });

    it('shows a free account that keys need the Plus plan, and refuses its post', async () => {
      const { browser } = await signedIn({ plan: 'free' });
      const page = await browser.get('/settings/api-keys');
      expect(pageText(page.html)).toContain('API keys come with the Plus plan, and this account is on the Free plan.');

      const post = await browser.post('/settings/api-keys', { name: 'Sneaky', access: 'everything', expiry: '90' });
      expect(post.status).toBe(403);
      expect(keyIn(post.html)).toBeUndefined();
      expect(pageText((await browser.get('/settings/api-keys')).html)).toContain('No keys yet.');
    });

    it('revokes a key after a confirmation page, at once for /v1, and then allows a new one', async () => {
      const { browser } = await signedIn();
      const key = keyIn((await createKey(browser, { name: 'Old laptop' })).html)!;
      const confirm = await browser.get(revokePath((await browser.get('/settings/api-keys')).html)!);

      expect(pageText(confirm.html)).toContain('Revoke “Old laptop”? This cannot be undone');
      expect((await new ApiClient(suite.testApp.baseUrl, key).get('/v1/profile')).status).toBe(200);
      const revoked = await browser.post(/action="([^"]+\/revoke)"/.exec(confirm.html)![1]);
      expect(revoked.status).toBe(303);
      expect(revoked.location).toBe('/settings/api-keys?revoked=1');
      expect((await new ApiClient(suite.testApp.baseUrl, key).get('/v1/profile')).body).toEqual({ error: 'API key revoked' });

      const list = pageText((await browser.get('/settings/api-keys?revoked=1')).html);
      expect(list).toContain('The key is revoked.');
      expect(list).toMatch(/Old laptop .* Revoked/);
      expect((await createKey(browser, { name: 'New laptop' })).status).toBe(201);
    });

    it('refuses a create or a revoke without the CSRF token, changing nothing', async () => {
      const { browser } = await signedIn();
      await browser.get('/settings/api-keys');
      const create = await browser.post('/settings/api-keys', { name: 'Forged', access: 'everything', expiry: 'never' }, { csrf: false });
      expect(create.status).toBe(403);
      expect(pageText((await browser.get('/settings/api-keys')).html)).toContain('No keys yet.');

      const key = keyIn((await createKey(browser, { name: 'Kept' })).html)!;
      const path = revokePath((await browser.get('/settings/api-keys')).html)!;
      expect((await browser.post(path, {}, { csrf: false })).status).toBe(403);
      expect((await new ApiClient(suite.testApp.baseUrl, key).get('/v1/profile')).status).toBe(200);
    });
  });

  describe('tenant isolation', () => {
    it("never shows one person's account or keys to another, and cannot revoke them", async () => {
      const alice = await signedIn({ name: 'Alice' });
      const bob = await signedIn({ name: 'Bob' });
      const aliceKey = keyIn((await createKey(alice.browser, { name: 'Alice secret project' })).html)!;
      const alicePath = revokePath((await alice.browser.get('/settings/api-keys')).html)!;

      const bobKeys = await bob.browser.get('/settings/api-keys');
      expect(pageText(bobKeys.html)).not.toContain('Alice secret project');
      expect(bobKeys.html).not.toContain(aliceKey.slice(4, 12));
      const bobAccount = pageText((await bob.browser.get('/settings')).html);
      expect(bobAccount).toContain(bob.person.email);
      expect(bobAccount).not.toContain(alice.person.email);

      expect((await bob.browser.get(alicePath)).status).toBe(404);
      expect((await bob.browser.post(alicePath)).status).toBe(404);
      expect((await new ApiClient(suite.testApp.baseUrl, aliceKey).get('/v1/profile')).status).toBe(200);
      expect((await bob.browser.get('/settings/api-keys/not-a-uuid/revoke')).status).toBe(404);
    });
  });
});
