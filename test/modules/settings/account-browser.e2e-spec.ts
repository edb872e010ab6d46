import { readFile } from 'node:fs/promises';
import { Browser, chromium } from 'playwright-core';
import { CHROMIUM_OPTIONS, describeInChromium, screenshot } from '../../setup/browser';
import { createPerson } from '../../setup/factories';
import { PageClient } from '../../setup/page-client';
import { useTestApp } from '../../setup/test-app';

describeInChromium('The account page in a real browser', () => {
  const suite = useTestApp();
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM_OPTIONS);
  });
  afterAll(() => browser?.close());

  it('changes the password, downloads the data, and deletes the account after naming what goes with it', async () => {
    const person = await createPerson(suite.testApp.app, { name: 'Grace Hopper', email: 'grace.hopper@example.com' });
    const newPassword = 'cobol compilers all the way down';
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${suite.testApp.baseUrl}/settings`);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/settings');
    await screenshot(page, 'settings');

    await page.getByLabel('Current password').fill(person.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('New password again').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.locator('[data-password-changed]').innerText()).toContain('Your password is changed. You stay signed in here.');
    const signInWith = async (password: string) =>
      (await new PageClient(suite.testApp.baseUrl).submit('/sign-in', '/sign-in', { email: person.email, password })).status;
    expect(await signInWith(person.password)).toBe(401);
    expect(await signInWith(newPassword)).toBe(303);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^career-api-export-\d{4}-\d\d-\d\d\.json$/);
    const exported = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
    expect(exported.account).toMatchObject({ email: person.email, name: 'Grace Hopper' });
    expect(exported.resumes).toEqual([expect.objectContaining({ name: 'Base resume', isDefault: true })]);

    await page.getByRole('link', { name: 'Delete account…' }).click();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Delete your account?');
    expect(await page.locator('[data-holding="resumes"]').innerText()).toContain('1 resume, with every section');
    await screenshot(page, 'settings-delete-account');
    await page.getByLabel(`Type ${person.email} to confirm`).fill(person.email);
    await page.getByLabel('Your password').fill(newPassword);
    await page.getByRole('button', { name: 'Delete my account and all its data' }).click();
    await page.waitForURL('**/sign-in?deleted=1');
    expect(await page.getByRole('status').innerText()).toContain('Your account and everything it held are deleted.');
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('career_session');
    expect(await signInWith(newPassword)).toBe(401);
    await context.close();
  });
});
