import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Browser, chromium } from 'playwright-core';
import { CHROMIUM_OPTIONS, describeInChromium, screenshot } from '../../setup/browser';
import { createPerson } from '../../setup/factories';
import { useTestApp } from '../../setup/test-app';
import { MemoryOAuthProvider } from './memory-oauth-provider';
import { mcpPost, REDIRECT } from './oauth-flow';

describeInChromium('OAuth consent and connected apps in a real browser', () => {
  const suite = useTestApp();
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM_OPTIONS);
  });
  afterAll(() => browser?.close());

  it('signs in from the app’s request, widens the scopes, approves, and disconnects the app on /settings/connected-apps', async () => {
    // A readable email for the screenshots; the run's database is fresh, so it is free.
    const person = await createPerson(suite.testApp.app, { name: 'Grace Hopper', email: 'grace.hopper@example.com' });
    const mcpUrl = new URL(`${suite.testApp.baseUrl}/mcp`);
    const provider = new MemoryOAuthProvider(REDIRECT, { scope: 'tracker:read profile:read jobs:search' });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'e2e', version: '1' }).connect(transport)).rejects.toThrow(UnauthorizedError);

    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    // The app's redirect URI: a desktop app's local listener, answered here so the code can be read.
    let callback: URL | undefined;
    await page.route(`${REDIRECT}**`, async (route) => {
      callback = new URL(route.request().url());
      await route.fulfill({ contentType: 'text/plain', body: 'You can close this window.' });
    });

    await page.goto((provider.authorizationUrl as URL).href);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/oauth/consent?**');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Résumé Helper wants to use your Career API account');
    // The picture shows the page as the app's request left it, before the person widens it.
    await screenshot(page, 'oauth-consent');
    await page.getByLabel('tracker:write').check();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${REDIRECT}**`);

    expect(callback?.searchParams.get('state')).toBe('state-123');
    await transport.finishAuth(callback?.searchParams.get('code') as string);
    expect(provider.saved?.scope).toBe('jobs:search tracker:read tracker:write profile:read');
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const created = await client.callTool({ name: 'create_application', arguments: { company: 'Acme', jobTitle: 'Engineer' } });
    expect(created.isError).toBeFalsy();

    await page.goto(`${suite.testApp.baseUrl}/settings/connected-apps`);
    const row = page.getByRole('row', { name: /Résumé Helper/ });
    await expect(row.innerText()).resolves.toContain('Job search (read); Application tracker (read and write); Career profile (read)');
    await screenshot(page, 'settings-connected-apps');
    await page.getByRole('button', { name: 'Disconnect Résumé Helper' }).click();
    await page.getByText('The app is disconnected.').waitFor();

    const after = await mcpPost(suite.testApp.baseUrl, provider.saved?.access_token);
    expect({ status: after.status, body: after.body }).toEqual({ status: 401, body: { error: 'Access token revoked' } });
    await context.close();
  });
});
