// Headless Debian Chromium driven by playwright-core (no browser download: it uses the OS one).
import { chromium } from 'playwright-core';
import { chromiumBin } from './paths.js';

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: chromiumBin,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  return { browser, page };
}
