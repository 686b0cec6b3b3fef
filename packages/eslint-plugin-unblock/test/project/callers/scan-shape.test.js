/**
 * A scan's shape (rules/project/callers/scan-shape.js): the same for two scans of a module whose facts
 * differ only in where the module's own functions and calls are, another when a fact differs.
 * Synthetic facts: a dispatcher module whose `relay` hands work to a `courier` module.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scanShape } from '../../../rules/project/callers/scan-shape.js';
import { keptScanMoves, scanFacts } from '../../../rules/project/callers/scan-cache.js';
import { storeIn, forgetStores } from '../../../rules/project/cache/store.js';
import { moduleTextHash, forgetModule } from '../../../rules/project/modules/module-cache.js';
import { anyMoved } from '../../../rules/project/workspace/moved-keys.js';
import { allInputsHold, allInputsNow } from '../../../rules/project/callers/caller-inputs.js';

const FILE = '/srv/depot/dispatch.js';
const OTHER = '/srv/depot/courier.js';

/**
 * The facts of a scan of dispatch.js whose functions start at `relayAt` and `tallyAt`.
 * @param {number} relayAt
 * @param {number} tallyAt
 * @param {Partial<Record<string, any>>} [change] fields of the second call site replaced
 * @returns {import('../../../rules/project/callers/call-sites.js').ScanOp[]}
 */
function facts(relayAt, tallyAt, change = {}) {
  return [
    { e: `${FILE}#${relayAt}`, v: { kind: 'request', label: 'PUT /parcels/:id', file: FILE } },
    { c: `${OTHER}#40`, caller: `${FILE}#${relayAt}`, callerRange: [relayAt, relayAt + 90], callerName: 'relay', callerClass: null, deferred: false, at: [relayAt + 20, relayAt + 45], direct: true },
    { c: `${FILE}#${relayAt}`, caller: `${FILE}#${tallyAt}`, callerRange: [tallyAt, tallyAt + 60], callerName: 'tally', callerClass: null, deferred: false, at: [tallyAt + 12, tallyAt + 30], direct: true, ...change },
  ];
}

describe('project/callers/scan-shape: what a scan gave, its own places left out', () => {
  it('is the same when the module\'s functions and calls only moved, or a function grew', () => {
    const before = scanShape(facts(100, 300), FILE);
    assert.equal(scanShape(facts(154, 354), FILE), before, 'a line added above both');
    assert.equal(scanShape(facts(100, 420), FILE), before, 'a line added between them');
    const grown = facts(100, 300);
    const site = /** @type {any} */ (grown[1]);
    site.callerRange = [100, 260];
    assert.equal(scanShape(grown, FILE), before, 'relay grew: where a function ends is not read');
  });

  it('differs when a fact changed: a caller, a callee elsewhere, an entry point, how a call is made, or the order', () => {
    const before = scanShape(facts(100, 300), FILE);
    assert.notEqual(scanShape(facts(100, 300, { callerName: 'recount' }), FILE), before, 'another caller name');
    assert.notEqual(scanShape(facts(100, 300, { deferred: true }), FILE), before, 'handed over to run later');
    assert.notEqual(scanShape(facts(100, 300, { c: `${OTHER}#40` }), FILE), before, 'calls into the other module instead');
    const moved = facts(100, 300);
    const call = /** @type {any} */ (moved[1]);
    call.c = `${OTHER}#52`;
    assert.notEqual(scanShape(moved, FILE), before, 'the callee in the other module moved: the scan read it there');
    const relabelled = facts(100, 300);
    /** @type {any} */ (relabelled[0]).v.label = 'POST /parcels/:id';
    assert.notEqual(scanShape(relabelled, FILE), before, 'another route');
    assert.notEqual(scanShape(facts(300, 100), FILE), before, 'tally now comes before relay');
    assert.notEqual(scanShape(facts(100, 300).slice(0, 2), FILE), before, 'a call site fewer');
  });

  it('keeps the places of another module as they are', () => {
    assert.notEqual(scanShape(facts(100, 300), FILE), scanShape(facts(100, 300), OTHER), 'read as another module\'s scan, dispatch.js\'s places count');
  });

  describe('a kept scan of a module edited since (scan-cache.js keptScanMoves)', () => {
    let root = '';
    let sender = '';
    beforeEach(() => {
      root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-shape-')));
      sender = path.join(root, 'sender.js');
      fs.writeFileSync(sender, "const spool = require('./spool');\nexports.ship = (parcel) => spool.enqueue(parcel);\n");
      fs.writeFileSync(path.join(root, 'spool.js'), 'exports.enqueue = async (parcel) => parcel;\n');
      forgetStores();
    });
    afterEach(() => {
      forgetModule(sender);
      forgetModule(path.join(root, 'spool.js'));
      fs.rmSync(root, { recursive: true, force: true });
    });

    /** @param {string} text */
    const edit = (text) => {
      fs.writeFileSync(sender, text);
      forgetModule(sender);
    };
    const scanEntries = (/** @type {string} */ cache) => (fs.existsSync(cache) ? fs.readdirSync(cache, { recursive: true }).filter((name) => String(name).split(path.sep).includes('scan') && String(name).endsWith('.json')) : []);

    it('holds, every place in the module moved, while a scan of the new text has the shape; else not', () => {
      const cache = path.join(root, 'cache');
      const store = storeIn(cache, root);
      const hash = moduleTextHash(sender);
      const ops = scanFacts(sender);
      assert.ok(ops.some((op) => 'c' in op && op.caller?.startsWith(`${sender}#`)), 'ship calls into spool.js');
      const shape = scanShape(ops, sender);
      edit(`// ships parcels\n${fs.readFileSync(sender, 'utf8')}`);
      const moves = keptScanMoves(store, sender, hash, shape, null);
      assert.ok(moves && anyMoved(moves) && moves.has(sender), 'holds, moved');
      assert.equal(scanEntries(cache).length, 1, 'the scan of the new text is kept');
      edit("const spool = require('./spool');\nexports.ship = (parcel) => parcel;\n");
      assert.equal(keptScanMoves(store, sender, hash, shape, null), null, 'ship calls nothing now');
    });

    it('does not hold once the module is gone', () => {
      const store = storeIn(path.join(root, 'cache'), root);
      const hash = moduleTextHash(sender);
      const shape = scanShape(scanFacts(sender), sender);
      fs.rmSync(sender);
      forgetModule(sender);
      assert.equal(keptScanMoves(store, sender, hash, shape, null), null);
    });

    it('with no project cache, holds for the editor while the module has the text it was scanned from, and never for a kept verdict', () => {
      fs.writeFileSync(path.join(root, 'package.json'), '{"name":"depot"}');
      // The tests run with the cache off (test/support/project-cache-off.js): the scan lives only in the caller index.
      const then = moduleTextHash(sender);
      const shape = scanShape(scanFacts(sender), sender);
      edit(`// ships parcels\n${fs.readFileSync(sender, 'utf8')}`);
      const now = moduleTextHash(sender);
      assert.notEqual(now, then);
      assert.equal(allInputsHold([['scan', sender, then, shape]], () => null), false, 'scanned from another text');
      assert.equal(allInputsHold([['scan', sender, now, shape]], () => null), true);
      assert.equal(allInputsNow([['scan', sender, now, shape]], () => null), null, 'a kept verdict is checked against its cache');
    });

    it('is not scanned again when the shape is not known (a check that takes no moves: caller-inputs.js allInputsHold)', () => {
      const cache = path.join(root, 'cache');
      const store = storeIn(cache, root);
      const hash = moduleTextHash(sender);
      edit(`// ships parcels\n${fs.readFileSync(sender, 'utf8')}`);
      assert.equal(keptScanMoves(store, sender, hash, null, null), null);
      assert.deepEqual(scanEntries(cache), [], 'nothing scanned');
    });
  });
});
