// The runner's side of the request files the in-host suite writes (see suite/helpers.cjs):
// things only the browser can do — screenshots, reading and clicking inside a webview, keys.
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @param {import('playwright-core').Page} page
 * @param {string} artifactsDir
 */
function handlers(page, artifactsDir) {
  const reportFrame = () => page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame');
  return {
    /** @param {{ name: string }} request */
    async screenshot({ name }) {
      const file = path.join(artifactsDir, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async 'webview-text'() {
      const body = reportFrame().locator('body');
      await body.waitFor({ timeout: 20_000 });
      return body.innerText();
    },
    /** How the report lays out in its view: each table's right edge against the view's width, the button's lines. */
    async 'webview-layout'() {
      const body = reportFrame().locator('body');
      await body.waitFor({ timeout: 20_000 });
      return body.evaluate((element) => {
        const doc = element.ownerDocument;
        const view = doc.documentElement.clientWidth;
        const tables = [...doc.querySelectorAll('table')].map((table) => {
          const box = table.getBoundingClientRect();
          return { left: Math.round(box.left), right: Math.round(box.right), width: Math.round(box.width) };
        });
        const button = doc.querySelector('#unblock-apply');
        let buttonLines = 0;
        if (button) {
          const style = /** @type {Window} */ (doc.defaultView).getComputedStyle(button);
          const inner = button.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
          buttonLines = Math.round(inner / (parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2));
        }
        return { view, tables, buttonLines };
      });
    },
    /** @param {{ selector: string }} request the texts of matching workbench elements now, without waiting */
    async 'texts-now'({ selector }) {
      return page.locator(selector).allInnerTexts();
    },
    /** @param {{ selector: string }} request */
    async 'click-webview'({ selector }) {
      await reportFrame().locator(selector).click({ timeout: 20_000 });
      return true;
    },
    /** @param {{ selector: string, text?: string }} request waits until the workbench shows an element (with that text) */
    async 'wait-selector'({ selector, text }) {
      const locator = text ? page.locator(selector, { hasText: text }) : page.locator(selector);
      try {
        await locator.first().waitFor({ timeout: 20_000 });
      } catch {
        await page.screenshot({ path: path.join(artifactsDir, 'wait-selector-failed.png') });
        const seen = await page.locator(selector).allInnerTexts();
        throw new Error(`no ${selector}${text ? ` with "${text}"` : ''} appeared within 20 s (present: ${JSON.stringify(seen)}); see wait-selector-failed.png`);
      }
      return page.locator(selector).allInnerTexts();
    },
    /** @param {{ selector: string, text?: string }} request clicks a workbench element */
    async click({ selector, text }) {
      await (text ? page.locator(selector, { hasText: text }) : page.locator(selector)).first().click({ timeout: 20_000 });
      return true;
    },
    /** @param {{ key: string }} request */
    async press({ key }) {
      await page.keyboard.press(key);
      return true;
    },
  };
}

/**
 * Answers requests in `controlDir` until `stop()` is called.
 * @param {string} controlDir
 * @param {import('playwright-core').Page} page
 * @param {string} artifactsDir
 */
export function serveControlRequests(controlDir, page, artifactsDir) {
  const handle = handlers(page, artifactsDir);
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const names = (await readdir(controlDir)).filter((n) => /^req-\d+\.json$/.test(n));
      for (const name of names) {
        const id = name.slice(4, -5);
        const request = JSON.parse(await readFile(path.join(controlDir, name), 'utf8'));
        await rename(path.join(controlDir, name), path.join(controlDir, `done-${id}.json`));
        let answer;
        try {
          const handler = handle[request.kind];
          if (!handler) throw new Error(`unknown request ${request.kind}`);
          answer = { value: await handler(request) };
        } catch (error) {
          answer = { error: error instanceof Error ? error.message : String(error) };
        }
        await writeFile(path.join(controlDir, `res-${id}.tmp`), JSON.stringify(answer));
        await rename(path.join(controlDir, `res-${id}.tmp`), path.join(controlDir, `res-${id}.json`));
      }
      await sleep(50);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
    },
  };
}
