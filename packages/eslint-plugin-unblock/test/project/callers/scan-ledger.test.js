/**
 * The scan ledger (rules/project/callers/scan-ledger.js): a kept scan is vouched for without its
 * entry only while every module it read has the text it read, under the same layout; a scan that read
 * anything a hash cannot vouch for gets no line. Principle: what a module's unchanged text answers is
 * the same answer (input-check.js), and resolutions follow the layout, as the import map's do.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { storeIn, forgetStores } from '../../../rules/project/cache/store.js';
import { scanLedgerHolds, noteScanHeld } from '../../../rules/project/callers/scan-ledger.js';
import { moduleTextHash, forgetModule } from '../../../rules/project/modules/module-cache.js';
import { noteLint } from '../../../rules/project/bounds/lint-bounds.js';

describe('analysis/project/scan-ledger', () => {
  // The project, its cache folder, and its two modules: made again for each test.
  let root = '';
  let cache = '';
  let mailer = '';
  let queue = '';
  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-ledger-')));
    cache = path.join(root, 'node_modules', '.cache', 'unblock');
    mailer = path.join(root, 'mailer.js');
    queue = path.join(root, 'queue.js');
    fs.writeFileSync(mailer, "const queue = require('./queue');\nexports.send = (to) => queue.push(to);\n");
    fs.writeFileSync(queue, 'exports.push = async (item) => item;\n');
    forgetStores();
  });
  afterEach(() => {
    forgetModule(mailer);
    forgetModule(queue);
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** The inputs a scan of mailer.js would note: its text, a name read of queue.js, the resolution between them. */
  const scanInputs = () => [
    ['module', mailer, moduleTextHash(mailer)],
    ['resolve', mailer, './queue', queue],
    ['name', queue, moduleTextHash(queue), 'export', 'push', '{"node":"ArrowFunctionExpression"}', [14, 36]],
  ];

  it('vouches for a scan while the modules it read keep their text and the layout stays', () => {
    const store = storeIn(cache, root);
    noteScanHeld(store, 'k1', /** @type {any} */ (scanInputs()), 'layout-1');
    assert.equal(scanLedgerHolds(store, 'k1', 'layout-1'), true);
    assert.equal(scanLedgerHolds(store, 'k1', 'layout-2'), false, 'another layout may resolve the import elsewhere');
    assert.equal(scanLedgerHolds(store, 'k2', 'layout-1'), false, 'no line, no answer');
  });

  it('stops vouching once a module the scan read has another text, even one the scan may still hold with', () => {
    const store = storeIn(cache, root);
    noteScanHeld(store, 'k1', /** @type {any} */ (scanInputs()), 'layout-1');
    // A comment above the export: the name still stands for the same code (the entry would hold, moved), but not by hash.
    fs.writeFileSync(queue, '// queue\nexports.push = async (item) => item;\n');
    forgetModule(queue);
    assert.equal(scanLedgerHolds(store, 'k1', 'layout-1'), false);
  });

  it('gives no line to a scan that read what a hash cannot vouch for', () => {
    const store = storeIn(cache, root);
    const withDependency = [...scanInputs(), ['depends', mailer, ['p-limit'], false]];
    noteScanHeld(store, 'k1', /** @type {any} */ (withDependency), 'layout-1');
    assert.equal(scanLedgerHolds(store, 'k1', 'layout-1'), false);
    // An import resolved from a file whose text the scan did not read: the folders it resolves within are not listed.
    const stranger = path.join(root, 'stranger.js');
    noteScanHeld(store, 'k2', /** @type {any} */ ([...scanInputs(), ['resolve', stranger, './queue', queue]]), 'layout-1');
    assert.equal(scanLedgerHolds(store, 'k2', 'layout-1'), false);
    // A module read with no text.
    noteScanHeld(store, 'k3', /** @type {any} */ ([['module', path.join(root, 'gone.js'), null]]), 'layout-1');
    assert.equal(scanLedgerHolds(store, 'k3', 'layout-1'), false);
  });

  it('drops the line of a scan noted again with inputs it cannot vouch for', () => {
    const store = storeIn(cache, root);
    noteScanHeld(store, 'k1', /** @type {any} */ (scanInputs()), 'layout-1');
    noteScanHeld(store, 'k1', /** @type {any} */ ([...scanInputs(), ['folder', root, 'mailer.js\nqueue.js']]), 'layout-1');
    assert.equal(scanLedgerHolds(store, 'k1', 'layout-1'), false);
  });

  it('makes no removed cache folder again when it writes its lines', async () => {
    const store = storeIn(cache, root);
    // A kept scan: the cache folder is there, as when a scan's line is noted in a lint.
    store.write('scan', 'k0', { inputs: [], ops: [] });
    noteScanHeld(store, 'k1', /** @type {any} */ (scanInputs()), 'layout-1');
    fs.rmSync(cache, { recursive: true, force: true });
    // Lints that start after pauses: where a long-lived process (an editor's) writes its ledger.
    for (let lint = 0; lint < 3; lint++) {
      noteLint({ filename: path.join(root, `edited-${lint}.js`), cwd: root, sourceCode: { text: '' } });
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    assert.equal(fs.existsSync(cache), false);
  });
});
