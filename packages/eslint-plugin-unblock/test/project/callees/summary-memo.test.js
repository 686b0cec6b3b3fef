/**
 * Summaries of other modules' functions kept between lints (summary-memo.js): reused while the
 * modules they were read from keep their trees, read again once one changes, never holding an old
 * tree, and spending a lint's budget of summaries exactly as reading them again would.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { visitorKeys } from 'oxc-parser';
import { createSummarizer } from '../../../rules/project/callees/summarize.js';
import { keptSummaryCount } from '../../../rules/project/callees/summary-memo.js';
import { loadModule } from '../../../rules/project/modules/module-cache.js';
import { valueOfName } from '../../../rules/project/modules/module-values.js';
import { noteLint } from '../../../rules/project/bounds/lint-bounds.js';

const kiosk = `import { restock, audit } from './shelves.js';
export async function reopen(store, aisle) {
  await restock(store, aisle);
  await audit(store, aisle);
}
`;
/** @param {string} auditSql */
const shelves = (auditSql) => `export async function restock(store, aisle) { return store.query('SELECT count FROM bins WHERE aisle = $1', [aisle]); }
export async function audit(store, aisle) { return store.query('${auditSql}', [aisle]); }
`;

describe('project index: summaries kept between lints', () => {
  /** @type {string} */
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-summary-memo-'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{}');
    fs.writeFileSync(path.join(dir, 'kiosk.js'), kiosk);
    fs.writeFileSync(path.join(dir, 'shelves.js'), shelves('SELECT at FROM audits WHERE aisle = $1'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A new lint (the module cache looks at the disk again), and the summary of kiosk.js's `reopen` in it. */
  const lintReopen = (/** @type {{ namesId?: string | null, budget?: number }} */ options = {}) => {
    noteLint({ filename: path.join(dir, 'linted.js'), cwd: dir, sourceCode: { text: '' } });
    const summarizer = createSummarizer({ kindOfNames: () => 'unknown', visitorKeysOf: () => visitorKeys, namesId: 'names', ...options });
    const view = loadModule(path.join(dir, 'kiosk.js'));
    const target = /** @type {any} */ (view && valueOfName(view, 'reopen'));
    assert.equal(target?.type, 'function');
    return { summarizer, summary: summarizer.summaryOfFunction(target, 1), target };
  };

  it('a later lint takes the kept summary; a callee changed on disk is read again', () => {
    const first = lintReopen().summary;
    assert.deepEqual([...first.reads].sort(), ['sql:audits', 'sql:bins']);
    assert.equal(lintReopen().summary, first, 'the same summary, not read again');
    // Another length: the module cache sees the change at the next lint without waiting.
    fs.writeFileSync(path.join(dir, 'shelves.js'), shelves('UPDATE audits SET at = now() WHERE aisle = $1'));
    const changed = lintReopen().summary;
    assert.notEqual(changed, first);
    assert.equal(changed.kind, 'write');
    assert.deepEqual([...changed.writes], ['sql:audits']);
  });

  it('keeps nothing read from a tree the module cache let go', () => {
    lintReopen();
    const before = keptSummaryCount();
    fs.writeFileSync(path.join(dir, 'shelves.js'), shelves('DELETE FROM audits WHERE aisle = $1'));
    lintReopen();
    // The next lint's start drops what was composed from the old shelves.js: reopen's first summary, restock's and audit's.
    noteLint({ filename: path.join(dir, 'linted.js'), cwd: dir, sourceCode: { text: '' } });
    assert.equal(keptSummaryCount(), before);
  });

  it('spends the budget as reading the summaries again would, at every budget', () => {
    lintReopen();
    for (let budget = 1; budget <= 5; budget++) {
      const fresh = lintReopen({ namesId: null, budget });
      const kept = lintReopen({ budget });
      assert.deepEqual(kept.summary, fresh.summary, `budget ${budget}`);
      assert.equal(kept.summarizer.exact(), fresh.summarizer.exact(), `budget ${budget}: exact`);
    }
  });

  it("makes the callees it was composed from this lint's own: asked next, they count once", () => {
    lintReopen();
    const { summarizer, target } = lintReopen({ budget: 4 });
    const shelvesView = /** @type {any} */ (loadModule(path.join(dir, 'shelves.js')));
    const audit = /** @type {any} */ (valueOfName(shelvesView, 'audit'));
    summarizer.summaryOfFunction(audit, 2);
    summarizer.summaryOfFunction(target, 1);
    assert.equal(summarizer.exact(), true, 'three summaries of a budget of four');
  });
});
