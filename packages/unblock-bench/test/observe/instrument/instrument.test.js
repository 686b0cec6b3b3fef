/**
 * The observer's rewrite of a project file: it inserts text only (every line keeps its number),
 * every expression keeps its value, and the recorder sees each function's calls, each await's
 * wait in its invocation, and each reported blocking call's time.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { instrumentSource } from '../../../observe/instrument/instrument.js';
import { installRecorder } from '../../../observe/instrument/runtime.js';

/** @type {string} */
let dir;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-instrument-'));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

let counter = 0;

/**
 * Where `snippet` is in `source`, as ESLint reports a place (1-based columns).
 * @param {string} source
 * @param {string} snippet
 */
function spanOf(source, snippet) {
  const at = source.indexOf(snippet);
  const position = (/** @type {number} */ offset) => {
    const before = source.slice(0, offset).split('\n');
    return { line: before.length, column: before[before.length - 1].length + 1 };
  };
  const start = position(at);
  const end = position(at + snippet.length);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/**
 * Instruments `source`, installs a fresh recorder, imports the result and returns what it exports.
 * @param {string} source
 * @param {import('../../../observe/instrument/instrument.js').ReportedCall[]} [blockingCalls]
 */
async function load(source, blockingCalls = []) {
  const result = instrumentSource(source, { filename: 'case.mjs', fileId: 0, blockingCalls, ids: { fn: 0, site: 0 } });
  const recorder = installRecorder(result.functions.length);
  const file = path.join(dir, `case-${counter++}.mjs`);
  fs.writeFileSync(file, result.code);
  const mod = await import(pathToFileURL(file).href);
  return { result, recorder, mod };
}

describe('observe: instrumenting a source file', () => {
  it('inserts on the lines that were there: no line is added or moved', () => {
    const source = `'use strict';
export const f = (a) => ({ a });
export async function g(x) {
  'use strict';
  return await x;
}
`;
    const { code } = instrumentSource(source, { filename: 'a.mjs', fileId: 0, blockingCalls: [], ids: { fn: 0, site: 0 } });
    assert.equal(code.split('\n').length, source.split('\n').length);
    assert.match(code.split('\n')[3], /^ {2}'use strict';const __ub\$f = __unblockObserve\.f\(1\);$/, 'the directive stays first');
  });

  it('keeps every value: concise arrows (object bodies too), async arrows, nested awaits, methods, optional chains', async () => {
    const { mod } = await load(`
export const pair = (a) => ({ a });
export const twice = async (x) => (await x) * 2;
export const nested = async (f) => f(await Promise.resolve(await Promise.resolve(3)));
export class Store { async get(k) { return \`value \${await Promise.resolve(k)}\`; } }
export const maybe = (o) => o?.read?.(1) ?? 'none';
export const top = await Promise.resolve('top');
`);
    assert.deepEqual(mod.pair(1), { a: 1 });
    assert.equal(await mod.twice(Promise.resolve(4)), 8);
    assert.equal(await mod.nested((/** @type {number} */ v) => v + 1), 4);
    assert.equal(await new mod.Store().get('k'), 'value k');
    assert.equal(mod.maybe(null), 'none');
    assert.equal(mod.top, 'top');
  });

  it('records each wait of an invocation, in order, with its own frame per call', async () => {
    const { result, recorder, mod } = await load(`
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export async function page() {
  const a = await wait(15);
  const b = await wait(15);
  return [a, b];
}
`);
    recorder.take();
    await Promise.all([mod.page(), mod.page()]);
    const { waits, counters } = recorder.take();
    const records = [];
    for (let i = 0; i < waits.length; i += 4) records.push({ frame: waits[i], site: waits[i + 1], ms: waits[i + 3] - waits[i + 2] });
    assert.equal(records.length, 4);
    const [first, second] = result.awaits.map((a) => a.id);
    for (const frame of new Set(records.map((r) => r.frame))) {
      assert.deepEqual(records.filter((r) => r.frame === frame).map((r) => r.site), [first, second], 'one invocation: both waits, in order');
    }
    assert.ok(records.every((r) => r.ms >= 14), 'each wait lasted its timer');
    const page = result.functions.find((f) => f.name === 'page');
    assert.equal(counters[/** @type {any} */ (page).id], 2);
  });

  it('times the reported blocking call and passes its value on; a call in an optional chain is left alone', async () => {
    const source = `import { pbkdf2Sync } from 'node:crypto';
export const hash = (p) => pbkdf2Sync(p, 'salt', 1000, 8, 'sha256').toString('hex');
export const maybe = (c) => c?.pbkdf2Sync('p', 's', 1, 8, 'sha256');
`;
    const reported = [spanOf(source, "pbkdf2Sync(p, 'salt', 1000, 8, 'sha256')"), spanOf(source, "c?.pbkdf2Sync('p', 's', 1, 8, 'sha256')")];
    const { result, recorder, mod } = await load(source, reported);
    assert.deepEqual(result.blocking.map((b) => b.line), [2]);
    recorder.take();
    assert.equal(mod.hash('pw').length, 16);
    assert.equal(mod.maybe(undefined), undefined);
    const { blocks } = recorder.take();
    assert.equal(blocks.length, 4);
    assert.equal(blocks[0], result.blocking[0].id);
    assert.ok(blocks[2] >= blocks[1]);
    assert.ok(blocks[3] >= 0, 'CPU time');
  });

  it('keeps code without semicolons as it parses: a wrapped statement never continues the line above', async () => {
    const source = `import { readFileSync } from 'node:fs'
const twice = (list) => list.map((x) => x * 2)
export async function rows (db) {
  const list = twice([1, 2])
  await db.touch(list.length)
  let total = 0
  for (const id of list) {
    total += id
    await db.touch(id)
  }
  return { list, total }
}
export function read (file) {
  const path = file
  readFileSync(path)
  return path
}
\`template\`
await Promise.resolve()
`;
    const { result, mod } = await load(source, [spanOf(source, 'readFileSync(path)')]);
    assert.equal(result.blocking.length, 1, 'the statement-starting blocking call is timed');
    assert.match(result.code, /^ {2};\(__unblockObserve\.s\(__ub\$f, \d+\), __unblockObserve\.e\(__ub\$f, \d+, await db\.touch\(list\.length\)\)\)$/m);
    assert.equal(result.code.split('\n').length, source.split('\n').length, 'no line added');
    const touched = [];
    assert.deepEqual(await mod.rows({ touch: async (/** @type {number} */ n) => touched.push(n) }), { list: [2, 4], total: 6 });
    assert.deepEqual(touched, [2, 2, 4]);
    assert.equal(mod.read(new URL(import.meta.url)).href, import.meta.url);
  });

  it('adds no ";" where it would become the statement itself (after if, else, a label)', async () => {
    const { result, mod } = await load(`
export async function guarded (flag, fail) {
  if (flag) await fail()
  else await Promise.resolve()
  outer: await Promise.resolve()
  return 'ran only what the flag allowed'
}
`);
    assert.doesNotMatch(result.code, /(\)|else|:) ;/);
    let failed = 0;
    assert.equal(await mod.guarded(false, async () => failed++), 'ran only what the flag allowed');
    assert.equal(failed, 0);
  });

  it('ends a function\'s directive written without ";" before its first inserted statement', async () => {
    const { result, mod } = await load(`
export async function strict (x) {
  'use strict'
  return (await x) + 1
}
export function sloppy () {
  "use strict"
}
`);
    assert.match(result.code, /^ {2}'use strict';const __ub\$f = __unblockObserve\.f\(\d+\);$/m);
    assert.match(result.code, /^ {2}"use strict";__unblockObserve\.c\[\d+\]\+\+;$/m);
    assert.equal(await mod.strict(Promise.resolve(1)), 2);
    assert.equal(mod.sloppy(), undefined);
  });

  it('names functions as a reader would', () => {
    const source = `export function load() {}
const next = () => 1;
class Repo { find() {} static #hidden() {} }
app.get('/x', async (req, res) => {});
[1].map((x) => x);
module.exports.handler = function () {};
`;
    const { functions } = instrumentSource(source, { filename: 'a.js', fileId: 0, blockingCalls: [], ids: { fn: 0, site: 0 } });
    assert.deepEqual(functions.map((f) => f.name), ['load', 'next', 'Repo.find', 'Repo.#hidden', 'app.get callback', 'map callback', 'module.exports.handler']);
  });

  it('refuses a file it cannot parse (the runner then runs it as it is)', () => {
    assert.throws(() => instrumentSource('export const = ;', { filename: 'a.js', fileId: 0, blockingCalls: [], ids: { fn: 0, site: 0 } }), SyntaxError);
  });
});
