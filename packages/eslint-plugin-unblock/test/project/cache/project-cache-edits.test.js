/**
 * The persistent project cache after an edit to a module other modules read: a kept scan of an
 * importer is used again while what it read there (the names it looked up, and the code they stand
 * for) is unchanged, moved with that code when lines were added above it, and made again when a
 * name it read stands for other code or is there now. Every lint runs in a child process of its own,
 * as CI runs `eslint` again; every warm run must say what a run with the cache off says.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { cacheCounts, forgetVerdicts, lint, project, removeTemporaries, rewrite } from './cache-project.js';

const ROUTE = `import express from 'express';
import { hashPassword } from './passwords.js';
import { hash } from './lib/index.js';

export const router = express.Router();

router.post('/login', async (req, res) => {
  res.json({ ok: hashPassword(req.body.password, req.body.salt).length > 0 });
});

router.post('/token', async (req, res) => {
  res.json({ ok: hash(req.body.token, req.body.salt).length > 0 });
});
`;

/** A copy of the fixture with the routes above, and a helper module that does not export `hash` yet. */
function projectWithRoutes() {
  const { dir, cache } = project();
  fs.writeFileSync(path.join(dir, 'routes.js'), ROUTE);
  fs.mkdirSync(path.join(dir, 'lib'));
  fs.writeFileSync(path.join(dir, 'lib', 'index.js'), 'export const VERSION = 1;\n');
  return { dir, cache };
}

/** A route that hands a helper in another module a value of its own module (what routes-through-parameters.js follows). */
const STAMPED_ROUTE = `import express from 'express';
import { hashPassword } from './passwords.js';
import { stamp } from './lib/stamp.js';

const SERVICE = { name: 'login' };

export const router = express.Router();

router.post('/login', async (req, res) => {
  res.json({ ok: stamp(SERVICE, hashPassword(req.body.password, req.body.salt)) });
});
`;

/** It reads a member of what it is handed, but hands none to a call: no route can be registered through it. */
const STAMP = 'export function stamp(service, text) {\n  return `${text}@${service.name.trim()}`;\n}\n';

/** A base class whose `seal()` blocks, and a subclass in another module that reaches it through `this`. */
const PRINTER = `import crypto from 'node:crypto';

export class Printer {
  describe() {
    return 'printer';
  }

  seal(text) {
    return crypto.pbkdf2Sync(text, 'pepper', 600000, 64, 'sha512').toString('hex');
  }
}
`;
const LABEL_PRINTER = `import { Printer } from './printer.js';

export class LabelPrinter extends Printer {
  async print(label) {
    return this.seal(label);
  }
}
`;
const PRINT_ROUTE = `import express from 'express';
import { LabelPrinter } from './devices/label-printer.js';

export const router = express.Router();
const printer = new LabelPrinter();

router.post('/labels', async (req, res) => {
  res.json({ sealed: await printer.print(req.body.label) });
});
`;

/**
 * Fills the cache, rewrites a file and lints again with every file analysed again (no kept verdicts:
 * the scans are what these tests are about).
 * @param {string} dir
 * @param {string} cache
 * @param {string} file
 * @param {string} text
 * @returns {Promise<number>} the module scans the second run made again
 */
async function scansAfterRewrite(dir, cache, file, text) {
  const [, made] = await cacheCounts(dir, cache);
  rewrite(file, text);
  forgetVerdicts(cache);
  const [reused, madeAgain] = await cacheCounts(dir, cache);
  assert.equal(reused + madeAgain, made, 'the same modules scanned');
  return madeAgain;
}

/**
 * passwords.js's blocking call is still reached from POST /login, and the warm run says what a run with the cache off says.
 * @param {string} dir
 * @param {string} cache
 */
async function assertReachedFromLoginAsWithoutCache(dir, cache) {
  const reports = await lint(dir, cache);
  assert.match(reports['passwords.js']?.[0] ?? '', /^unblock\/no-blocking-sync-call .*POST \/login in routes\.js/, 'reached from its route');
  assert.deepEqual(reports, await lint(dir, 'off'));
}

describe('analysis/project/project-cache after an edit to a module others read', function () {
  this.timeout(120_000);
  after(removeTemporaries);

  it('keeps the importers\' scans when the module changed around what they read, and follows the moved function', async () => {
    const { dir, cache } = projectWithRoutes();
    const passwords = path.join(dir, 'passwords.js');
    // Lines above hashPassword move it; a function below and a comment change nothing routes.js read.
    const scansMadeAgain = await scansAfterRewrite(dir, cache, passwords, `// Moved down\n// by two lines.\n${fs.readFileSync(passwords, 'utf8')}\nexport function unused() {\n  return 1;\n}\n`);
    assert.equal(scansMadeAgain, 1, 'only passwords.js itself is scanned again');
    await assertReachedFromLoginAsWithoutCache(dir, cache);
  });

  it('keeps an importer\'s scan when a function it hands a value of its module to changed nowhere it reads', async () => {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), STAMPED_ROUTE);
    fs.mkdirSync(path.join(dir, 'lib'));
    fs.writeFileSync(path.join(dir, 'lib', 'stamp.js'), STAMP);
    // stamp() hands no call a member of the value handed to it, so it registers no route through it: its module's other code is not read.
    const scansMadeAgain = await scansAfterRewrite(dir, cache, path.join(dir, 'lib', 'stamp.js'), `${STAMP}\nexport function unused() {\n  return 1;\n}\n`);
    assert.equal(scansMadeAgain, 0, 'routes.js is not scanned again (lib/stamp.js is no module the lint scans)');
    await assertReachedFromLoginAsWithoutCache(dir, cache);
  });

  it('keeps a subclass\'s scan when its base class changed only in a method it does not call', async () => {
    const { dir, cache } = project();
    fs.mkdirSync(path.join(dir, 'devices'));
    fs.writeFileSync(path.join(dir, 'devices', 'printer.js'), PRINTER);
    fs.writeFileSync(path.join(dir, 'devices', 'label-printer.js'), LABEL_PRINTER);
    fs.writeFileSync(path.join(dir, 'print-route.js'), PRINT_ROUTE);
    const printer = path.join(dir, 'devices', 'printer.js');
    // describe() grows above seal(): label-printer.js read only seal() of the class (and its head), which moved.
    const scansMadeAgain = await scansAfterRewrite(dir, cache, printer, PRINTER.replace("return 'printer';", "const kind = 'printer';\n    return kind;"));
    assert.equal(scansMadeAgain, 1, 'only printer.js itself is scanned again');
    const reports = await lint(dir, cache);
    assert.match(reports['devices/printer.js']?.[0] ?? '', /^unblock\/no-blocking-sync-call .*POST \/labels in print-route\.js/, 'still reached from its route');
    assert.deepEqual(reports, await lint(dir, 'off'));
    // An edit to seal() itself is one to what the subclass's scan read.
    rewrite(printer, PRINTER.replace('600000', '310000'));
    forgetVerdicts(cache);
    const [, madeAfterSealEdit] = await cacheCounts(dir, cache);
    assert.equal(madeAfterSealEdit, 2, 'printer.js and label-printer.js');
    assert.deepEqual(await lint(dir, cache), await lint(dir, 'off'));
  });

  it('scans an importer again when a name it found missing is exported now', async () => {
    const { dir, cache } = projectWithRoutes();
    const first = await lint(dir, cache);
    assert.doesNotMatch(first['passwords.js']?.join('\n') ?? '', /other route/, 'hash() is nothing known yet: one route');
    rewrite(path.join(dir, 'lib', 'index.js'), "export const VERSION = 1;\nexport { hashPassword as hash } from '../passwords.js';\n");
    const second = await lint(dir, cache);
    assert.match(second['passwords.js']?.join('\n') ?? '', /POST \/login in routes\.js and from one other route/, 'hash is hashPassword now');
    assert.deepEqual(second, await lint(dir, 'off'));
  });

  it('scans an importer again when the function a name stands for changed', async () => {
    const { dir, cache } = projectWithRoutes();
    rewrite(path.join(dir, 'lib', 'index.js'), "export { hashPassword as hash } from '../passwords.js';\n");
    assert.match((await lint(dir, cache))['passwords.js']?.join('\n') ?? '', /and from one other route/);
    // The same name, the same place, another function: hashPassword is no longer called from /token.
    rewrite(path.join(dir, 'lib', 'index.js'), 'export function hash(token) {\n  return token;\n}\n');
    const second = await lint(dir, cache);
    assert.doesNotMatch(second['passwords.js']?.join('\n') ?? '', /other route/);
    assert.deepEqual(second, await lint(dir, 'off'));
  });
});
