import { Browser, chromium, Page } from 'playwright-core';
import { ApiClient } from '../../setup/api-client';
import { CHROMIUM_OPTIONS, describeInChromium, screenshot } from '../../setup/browser';
import { createPerson, TestPerson } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';

describeInChromium('Settings pages in a real browser', () => {
  const suite = useTestApp();
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM_OPTIONS);
  });
  afterAll(() => browser?.close());

  const signIn = async (page: Page, person: TestPerson, path: string) => {
    await page.goto(`${suite.testApp.baseUrl}${path}`);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**${path}`);
  };

  it('signs in, creates a key, reads it once, uses it on /v1, revokes it on the page, and the next /v1 call is 401', async () => {
    // A readable email for the screenshots; the run's database is fresh, so it is free.
    const person = await createPerson(suite.testApp.app, { name: 'Ada Lovelace', features: ['auto-prepare'], email: 'ada.lovelace@example.com' });
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.testApp.baseUrl });
    const page = await context.newPage();

    await page.goto(`${suite.testApp.baseUrl}/settings/api-keys`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await screenshot(page, 'sign-in');
    await signIn(page, person, '/settings/api-keys');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('API keys');
    await screenshot(page, 'settings-api-keys');

    await page.getByLabel('Name', { exact: true }).fill('Resume sync');
    await page.getByRole('radio', { name: /^Choose per area/ }).check();
    // The table starts from the shortcut that was chosen ("Read only": read everywhere); narrow it down.
    expect(await page.getByLabel('Contacts: read', { exact: true }).isChecked()).toBe(true);
    for (const radio of await page.getByRole('radio', { name: /: no access$/ }).all()) await radio.check();
    await page.getByLabel('Career profile: read and write').check();
    await page.getByLabel('Application tracker: read', { exact: true }).check();
    await page.getByRole('button', { name: 'Create key' }).click();

    const shown = page.locator('#new-key');
    const key = await shown.inputValue();
    expect(key).toMatch(/^cpk_[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
    await screenshot(page, 'settings-api-keys-created');

    const api = new ApiClient(suite.testApp.baseUrl, key);
    expect((await api.patch('/v1/profile', { fullName: 'Ada Lovelace' })).status).toBe(200);
    expect((await api.get('/v1/tracker/applications')).status).toBe(200);
    expect((await api.get('/v1/contacts')).status).toBe(403);

    await page.goto(`${suite.testApp.baseUrl}/settings/api-keys`);
    expect(await page.locator('#new-key').count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    const row = page.getByRole('row', { name: /Resume sync/ });
    expect(await row.innerText()).toContain(`cpk_${key.slice(4, 12)}…`);
    expect(await row.innerText()).toContain('Application tracker (read); Career profile (read and write)');

    await row.getByRole('link', { name: 'Revoke Resume sync' }).click();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Revoke “Resume sync”?');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    expect(await page.getByRole('status').innerText()).toContain('The key is revoked.');
    expect(await page.getByRole('row', { name: /Resume sync/ }).innerText()).toContain('Revoked');

    const refused = await api.get('/v1/tracker/applications');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'API key revoked' });

    await page.goto(`${suite.testApp.baseUrl}/settings`);
    expect(await page.locator('.details').innerText()).toContain(person.email);
    await screenshot(page, 'settings');
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    expect(await page.getByRole('status').innerText()).toContain('You have signed out.');
    await page.goto(`${suite.testApp.baseUrl}/settings`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await context.close();
  }, 120_000);

  it('works without JavaScript: the key is shown in a field to copy by hand, and the copy button stays hidden', async () => {
    const person = await createPerson(suite.testApp.app);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, person, '/settings/api-keys');
    await page.getByLabel('Name', { exact: true }).fill('No-JS key');
    await page.getByRole('radio', { name: /^Everything/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();

    expect(await page.locator('#new-key').inputValue()).toMatch(/^cpk_[0-9a-f]{64}$/);
    expect(await page.locator('[data-copy]').isHidden()).toBe(true);
    expect(await page.locator('[data-copy-hint]').innerText()).toBe('Select the key and copy it (Ctrl+C or ⌘C).');
    expect(await page.getByRole('row', { name: /No-JS key/ }).innerText()).toContain('Everything');
    await context.close();
  }, 60_000);
});
