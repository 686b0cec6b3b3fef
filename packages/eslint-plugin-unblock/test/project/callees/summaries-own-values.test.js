/**
 * Find what matters (issue 42, item 2): callees taken for writes because of what they do to values
 * only they hold. Each principle on a synthetic body and on one reduced from the backend that
 * motivated it (named in the comment), each next to the case that must stay a write. Code is parsed
 * with oxc-parser, as imported files are.
 */
import assert from 'node:assert/strict';
import { summaryOf as summaryWith } from './summary-of.js';

/** What a call's names say, as the rules' verb tables would: enough for these bodies. @param {any} call */
function kindOfNames(call) {
  const callee = call.callee.type === 'MemberExpression' ? call.callee.property.name : call.callee.name;
  if (/^(replace|push|set|save|update|sort)/.test(callee ?? '')) return 'write';
  if (/^(get|find|load)/.test(callee ?? '')) return 'read';
  return 'unknown';
}

/** @param {string} code a module declaring `target` */
const summaryOf = (code) => summaryWith(code, kindOfNames);

describe('project index: what a callee does to values only it holds', () => {
  it('a parameter typed or defaulted as a primitive: its methods compute', () => {
    // Synthetic.
    assert.equal(summaryOf('function target(label: string) { return label.replace("-", " "); }').kind, 'none');
    assert.equal(summaryOf('function target(code = "") { return code.replace("x", "y"); }').kind, 'none');
    // Reduced from ghostfolio's symbol helpers (`aSymbol.replace(…)` on a `string` parameter).
    assert.equal(summaryOf('function target(aSymbol: string) { return aSymbol.replace(`-${CUR}`, CUR); }\nconst CUR = "USD";').kind, 'none');
    // An object parameter's `replace` may be a store's: still a write.
    assert.equal(summaryOf('async function target(store: Store, key: string) { return store.replace(key, 1); }').kind, 'write');
  });

  it('a call whose answer takes its receiver\'s place computes a new value', () => {
    // Synthetic.
    assert.equal(summaryOf('function target(input) { let text = input.title; text = text.replace("a", "b"); return text; }').kind, 'none');
    // Reduced from ghostfolio's data providers (`name = name.replace(part, "")` in a loop).
    assert.equal(summaryOf('function target({ name }) { for (const part of PARTS) { name = name.replace(part, ""); } return name; }\nconst PARTS = ["Inc."];').kind, 'none');
    // Assigned to another variable: the receiver may have changed in place.
    assert.equal(summaryOf('function target(input) { let text = input.title; const other = text.replace("a", "b"); return other; }').kind, 'write');
  });

  it('a string method given a regular expression, whatever made the string', () => {
    // Reduced from ghostfolio's Google Sheets service: `config.get(KEY).replace(/\\n/g, "\\n")`.
    const summary = summaryOf('async function target(config) { return { key: config.get("KEY").replace(/\\\\n/g, "\\n") }; }');
    assert.equal(summary.kind, 'read');
    // Reduced from ghostfolio's helpers: `name?.replace(new RegExp(…), "")`.
    assert.equal(summaryOf('function target({ name }) { return name?.replace(new RegExp(` ${CUR}$`), ""); }\nconst CUR = "USD";').kind, 'none');
    // A string argument alone shows nothing: a store's replace(key, value) looks the same.
    assert.equal(summaryOf('async function target(config) { return config.get("KEY").replace("a", "b"); }').kind, 'write');
  });

  it('the arrays an awaited call answered are the function\'s own to extend', () => {
    // Synthetic: a list of rows extended with more rows.
    assert.equal(summaryOf('async function target(db) { const rows = await db.getRows(); rows.push({ extra: true }); return rows; }').kind, 'read');
    // Reduced from ghostfolio's activities service: destructured from one Promise.all.
    const reduced = `async function target(self, userId) {
  const [activities, splits] = await Promise.all([self.getActivities({ userId }), self.getSplits({ userId })]);
  activities.activities.push(...splits);
  return activities;
}`;
    assert.equal(summaryOf(reduced).kind, 'read');
    // A result's own method with a write verb is not Array's: `record.save()` writes.
    assert.equal(summaryOf('async function target(db) { const record = await db.getRow(); await record.save(); return record; }').kind, 'write');
    // A parameter's array is the caller's: pushing onto it changes what the caller holds.
    assert.equal(summaryOf('async function target(list, db) { list.push(await db.getRow()); }').kind, 'write');
  });

  it('a reduce callback\'s accumulator is the value handed to reduce', () => {
    // Synthetic: an index built by reduce from a fresh Map.
    assert.equal(summaryOf('async function target(db) { const rows = await db.getRows(); return rows.reduce((byId, row) => { byId.set(row.id, row); return byId; }, new Map()); }').kind, 'read');
    // Reduced from NodeBB's crossposts: a map of categories by id.
    const reduced = `async function target(db, cids) {
  const categoriesData = await db.getObjects(cids);
  const categoriesMap = categoriesData.reduce((map, category) => {
    map.set(parseInt(category.cid, 10), category);
    return map;
  }, new Map());
  return categoriesMap;
}`;
    assert.equal(summaryOf(reduced).kind, 'read');
    // An accumulator that starts as something handed in is the caller's.
    assert.equal(summaryOf('async function target(store, items) { return items.reduce((acc, item) => { acc.set(item.id, item); return acc; }, store); }').kind, 'write');
  });
});
