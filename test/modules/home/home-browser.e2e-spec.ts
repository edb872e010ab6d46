import { Browser, chromium, Page } from 'playwright-core';
import { CHROMIUM_OPTIONS, describeInChromium, screenshot } from '../../setup/browser';
import { useTestApp } from '../../setup/test-app';

describeInChromium('The landing page in a real browser', () => {
  const suite = useTestApp();
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM_OPTIONS);
  });
  afterAll(() => browser?.close());

  /** What the browser reports against the page: CSP violations, failed scripts, errors. */
  const complaintsOf = (page: Page): string[] => {
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') complaints.push(message.text());
    });
    page.on('pageerror', (error) => complaints.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) complaints.push(`${response.status()} ${response.url()}`);
    });
    return complaints;
  };

  it('shows what the service is, and leads to the docs, which render under their security headers, and to sign-in', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    const complaints = complaintsOf(page);

    await page.goto(`${suite.testApp.baseUrl}/`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Your career data, for you and your apps');
    expect(await page.getByRole('heading', { name: 'First steps' }).isVisible()).toBe(true);
    await screenshot(page, 'home');

    await page.getByRole('link', { name: 'API documentation' }).first().click();
    await page.waitForURL('**/docs');
    // Swagger UI builds the page with its scripts: the operations appear only if the CSP let them run.
    await page.locator('.swagger-ui .opblock').first().waitFor();
    expect(await page.locator('.swagger-ui .info .title').innerText()).toContain('Career API');
    expect(await page.locator('.swagger-ui .opblock').count()).toBeGreaterThan(50);

    await page.goBack();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/sign-in');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Sign in');
    expect(complaints).toEqual([]);
    await context.close();
  });
});
