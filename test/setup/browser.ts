import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LaunchOptions, Page } from 'playwright-core';

/** Debian's chromium: browser tests never download a browser of their own. */
const CHROMIUM = '/usr/bin/chromium';

/** For `chromium.launch` and `chromium.launchPersistentContext`: a quiet headless chromium that reaches only the app. */
export const CHROMIUM_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** `describe` where chromium is installed; elsewhere the block is skipped and the reason printed. */
export function describeInChromium(title: string, body: () => void): void {
  if (existsSync(CHROMIUM)) return describe(title, body);
  console.warn(`${title}: skipped, ${CHROMIUM} is missing (apt-get install -y chromium)`);
  describe.skip(title, body);
}

const SCREENSHOTS = process.env.SCREENSHOTS === '1' ? join(__dirname, '..', '..', 'docs', 'screenshots') : undefined;

/** Takes the picture the docs show only when the run asks for it: `SCREENSHOTS=1 npx jest <browser suite>`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
