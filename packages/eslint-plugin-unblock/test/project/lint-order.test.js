/**
 * The route a report names must not depend on which file was linted first. The caller index fills
 * as questions arrive, so the call sites of a function are found in the order their modules were
 * scanned; the search for a request path walks them in the order of their places instead (file,
 * then position), and names the same route whatever the lint order (`eslint --concurrency` hands
 * files out in no fixed order, and an editor lints whatever is open).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import plugin from '../../index.js';
import { forgetProjectFile } from '../../rules/project/index.js';

const files = {
  'package.json': '{ "dependencies": { "express": "*" } }',
  'lib.js': `import crypto from 'node:crypto';
export function hashIt(password) {
  return crypto.pbkdf2Sync(password, 'salt', 100000, 64, 'sha512');
}
`,
  // Two services reach hashIt, each from its own route: the search may name either.
  'a.js': `import { hashIt } from './lib.js';
export function serviceA(password) {
  return hashIt(password);
}
`,
  'b.js': `import crypto from 'node:crypto';
import { hashIt } from './lib.js';
export function serviceB(password) {
  crypto.pbkdf2Sync(password, 'pepper', 1000, 64, 'sha512');
  return hashIt(password);
}
`,
  'routes-a.js': `import express from 'express';
import { serviceA } from './a.js';
const app = express();
app.post('/a', (req, res) => res.send(serviceA(req.body.password)));
`,
  'routes-b.js': `import express from 'express';
import { serviceB } from './b.js';
const router = express.Router();
router.get('/b', (req, res) => res.send(serviceB(req.query.password)));
export default router;
`,
};

describe('project index: the route named does not depend on the lint order', () => {
  /** @type {string} */
  let dir;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-lint-order-'));
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /**
   * Lints the files in this order in a fresh index, and returns lib.js's messages.
   * @param {string[]} order
   */
  function libMessagesAfter(order) {
    forgetProjectFile(path.join(dir, 'lib.js'));
    const linter = new Linter({ cwd: dir });
    const config = [{ plugins: { unblock: plugin }, languageOptions: { ecmaVersion: /** @type {const} */ ('latest'), sourceType: /** @type {const} */ ('module') }, rules: { 'unblock/no-blocking-sync-call': /** @type {const} */ ('warn') } }];
    /** @type {string[]} */
    let messages = [];
    for (const name of order) {
      const file = path.join(dir, name);
      const found = linter.verify(fs.readFileSync(file, 'utf8'), config, file).map((message) => message.message);
      if (name === 'lib.js') messages = found;
    }
    return messages;
  }

  it('a call found by another question\'s scan, in a module that does not import the file, changes no answer', () => {
    // routes-c.js reaches hashIt through a barrel that is no index file: it is not among the modules that
    // import lib.js, so lib.js's own question does not scan it. Linted first, its own question does.
    fs.writeFileSync(path.join(dir, 'barrel.js'), "export { hashIt } from './lib.js';\n");
    fs.writeFileSync(path.join(dir, 'routes-c.js'), `import crypto from 'node:crypto';
import express from 'express';
import { hashIt } from './barrel.js';
const app = express();
app.post('/c', (req, res) => res.send(hashIt(crypto.pbkdf2Sync(req.body.p, 's', 1000, 64, 'sha512'))));
`);
    try {
      const alone = libMessagesAfter(['lib.js']);
      assert.equal(alone.length, 1);
      assert.deepEqual(libMessagesAfter(['routes-c.js', 'lib.js']), alone, 'the same words whichever file came first');
    } finally {
      for (const name of ['barrel.js', 'routes-c.js']) fs.rmSync(path.join(dir, name));
      forgetProjectFile(path.join(dir, 'barrel.js'));
    }
  });

  it('lib.js linted first or after b.js (whose question scans b.js first) names the same route', () => {
    const first = libMessagesAfter(['lib.js']);
    const afterB = libMessagesAfter(['b.js', 'lib.js']);
    assert.equal(first.length, 1, 'the pbkdf2Sync in hashIt is on a request path');
    assert.match(first[0], /reached from POST \/a in routes-a\.js/);
    assert.deepEqual(afterB, first);
  });
});
