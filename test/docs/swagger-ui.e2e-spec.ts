/** @long-running: a browser clicks "Try it out" on every POST, one after another. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserContext, chromium, Locator, Page } from 'playwright-core';
import { ApiClient } from '../setup/api-client';
import { CHROMIUM_OPTIONS, describeInChromium } from '../setup/browser';
import { useTestApp } from '../setup/test-app';
import { createRecordsToName, Document, operations, reachesOutside, TypedIds } from './try-it-out';

describeInChromium('Swagger UI "Try it out" in a real browser', () => {
  const suite = useTestApp();
  let profile: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'career-api-chromium-'));
    context = await chromium.launchPersistentContext(profile, CHROMIUM_OPTIONS);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('answers 2xx to every POST executed with its prefilled values, on a fresh Plus account', async () => {
    const account = await suite.createAccount();
    const document: Document = (await new ApiClient(suite.testApp.baseUrl).get('/docs-json')).body;
    const ids = await createRecordsToName(document, account.api);

    await page.goto(`${suite.testApp.baseUrl}/docs`);
    await authorize(page, account.key);
    const answers: Record<string, string> = {};
    for (const { path } of operations(document, 'post').filter(({ path }) => !reachesOutside(path))) answers[path] = await tryItOut(page, path, ids);

    const failed = Object.entries(answers).filter(([, answer]) => !/^2\d\d$/.test(answer));
    expect(failed).toEqual([]);
    expect(Object.keys(answers)).toHaveLength(operations(document, 'post').filter(({ path }) => !reachesOutside(path)).length);
    expect(Object.keys(answers)).toEqual(expect.arrayContaining(['/v1/tracker/applications', '/v1/cover-letter', '/mcp']));
    const applications = await account.api.get('/v1/tracker/applications');
    expect(applications.body.data).toEqual([expect.objectContaining({ jobTitle: 'Senior Backend Engineer', company: 'Acme Corp' })]);
  }, 300_000);
});

async function authorize(page: Page, key: string): Promise<void> {
  await page.locator('.swagger-ui button.authorize').first().click();
  const modal = page.locator('.swagger-ui .modal-ux');
  await modal.locator('input').first().fill(key);
  await modal.locator('button.modal-btn.authorize').click();
  await modal.locator('button.btn-done').click();
}

/** Clicks "Try it out", types the ids a fresh account must name, clicks "Execute": the status, or what went wrong. */
async function tryItOut(page: Page, path: string, ids: TypedIds): Promise<string> {
  const block: Locator = page.locator(`.opblock-post:has(.opblock-summary-path[data-path="${path}"])`).first();
  await block.locator('.opblock-summary').first().click();
  await block.locator('button.try-out__btn').click();
  for (const [name, value] of Object.entries(ids.path[path] ?? {})) await block.locator(`tr[data-param-name="${name}"] input`).fill(value);
  if (ids.body[path]) {
    const editor = block.locator('textarea.body-param__text');
    await editor.fill(JSON.stringify({ ...JSON.parse(await editor.inputValue()), ...ids.body[path] }, null, 2));
  }
  await block.locator('button.execute').click();
  const status = block.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor();
  const code = (await status.innerText()).trim().split(/\s+/)[0];
  const answer = /^2\d\d$/.test(code) ? code : `${code}: ${await block.locator('.live-responses-table tbody .response-col_description').first().innerText()}`;
  // Collapsed again, so that the page does not keep every response rendered.
  await block.locator('.opblock-summary').first().click();
  return answer;
}
