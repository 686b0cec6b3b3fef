/**
 * A scan's shape (rules/project/callers/scan-shape.js): the same for two scans of a module whose facts
 * differ only in where the module's own functions and calls are, another when a fact differs.
 * Synthetic facts: a dispatcher module whose `relay` hands work to a `courier` module.
 */
import assert from 'node:assert/strict';
import { scanShape } from '../../../rules/project/callers/scan-shape.js';

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
});
