/**
 * The two-file worker rewrite: the exact edits and worker module, when it is refused, and that
 * the rewritten server computes the same result through a real piscina pool.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import plugin from '../../../index.js';
import { planWorkerOffloads } from '../../../rules/no-blocking-sync-call/report/worker-offload.js';

/**
 * @param {string} code
 * @param {{ filename?: string, sourceType?: 'module' | 'commonjs' }} [options]
 */
function plan(code, { filename = 'src/export.js', sourceType = 'module' } = {}) {
  const linter = new Linter({ configType: 'flat' });
  const config = [{ files: ['**/*.*'], plugins: { unblock: plugin }, languageOptions: { ecmaVersion: /** @type {const} */ ('latest'), sourceType }, rules: { 'unblock/no-blocking-sync-call': /** @type {any} */ (['warn', { includeUnknownCallers: true }]) } }];
  const messages = linter.verify(code, config, { filename });
  assert.ok(messages.some((m) => m.messageId === 'offloadToWorker'), `no offload report: ${JSON.stringify(messages)}`);
  return [...planWorkerOffloads(linter.getSourceCode(), messages, { filename }).values()];
}

/** @param {string} code @param {{ edits: Array<{ range: [number, number], text: string }> }} offload */
function apply(code, offload) {
  let output = code;
  for (const edit of [...offload.edits].reverse()) output = output.slice(0, edit.range[0]) + edit.text + output.slice(edit.range[1]);
  return output;
}

const esmCode = `import Papa from 'papaparse';
export async function exportCsv(req, res) {
  res.end(Papa.unparse(req.rows, { quotes: true }));
}`;

const cjsCode = `'use strict';
const jwt = require('jsonwebtoken');
exports.token = async (user, key) => {
  const token = jwt.sign({ sub: user.id }, key, { algorithm: 'RS256' });
  return { token };
};`;

describe('fix/worker-offload: the two-file rewrite', () => {
  it('ES module: imports piscina, declares the pool after the imports, awaits pool.run with the arguments', () => {
    const [offload] = plan(esmCode);
    assert.equal(offload.workerFile, 'papaparse-unparse.worker.js');
    assert.equal(apply(esmCode, offload), `import Papa from 'papaparse';
import { Piscina } from 'piscina';
// papaparse unparse runs on worker threads (papaparse-unparse.worker.js), so the event loop keeps serving.
const papaparseUnparsePool = new Piscina({ filename: new URL('./papaparse-unparse.worker.js', import.meta.url).href });
export async function exportCsv(req, res) {
  res.end(await papaparseUnparsePool.run([req.rows, { quotes: true }]));
}`);
    assert.match(offload.workerSource, /^import \* as loaded from 'papaparse';\n\nconst papaparse = loaded\.default \?\? loaded;\n/);
    assert.match(offload.workerSource, /export default function unparse\(args\) \{\n {2}return papaparse\.unparse\(\.\.\.args\);\n\}\n$/);
  });

  it('CommonJS: require and __dirname, after the directive and the requires', () => {
    const [offload] = plan(cjsCode, { sourceType: 'commonjs' });
    assert.equal(offload.workerFile, 'jsonwebtoken-sign.worker.js');
    assert.equal(apply(cjsCode, offload), `'use strict';
const jwt = require('jsonwebtoken');
const { Piscina } = require('piscina');
// jsonwebtoken sign runs on worker threads (jsonwebtoken-sign.worker.js), so the event loop keeps serving.
const jsonwebtokenSignPool = new Piscina({ filename: require('node:path').join(__dirname, 'jsonwebtoken-sign.worker.js') });
exports.token = async (user, key) => {
  const token = await jsonwebtokenSignPool.run([{ sub: user.id }, key, { algorithm: 'RS256' }]);
  return { token };
};`);
    assert.match(offload.workerSource, /^const jsonwebtoken = require\('jsonwebtoken'\);\n/);
    assert.match(offload.workerSource, /module\.exports = function sign\(args\) \{\n {2}return jsonwebtoken\.sign\(\.\.\.args\);\n\};\n$/);
  });

  it('a second call of the same function reuses the pool the first one declared', () => {
    const twice = `import Papa from 'papaparse';
export async function a(rows) { return Papa.unparse(rows); }
export async function b(rows) { return Papa.unparse(rows); }`;
    const first = plan(twice)[0];
    const once = apply(twice, first);
    const [second] = plan(once);
    assert.equal(second.edits.length, 1, 'only the call is rewritten');
    assert.equal(apply(once, second).match(/new Piscina/g)?.length, 1);
    assert.doesNotMatch(apply(once, second), /Papa\.unparse/);
  });

  describe('refused where the move could change the result or cannot be written', () => {
    const cases = {
      // Functions do not survive structured cloning.
      'a function in the arguments': `import Papa from 'papaparse';\nexport async function h(rows) { return Papa.unparse(rows, { transform: (v) => v.trim() }); }`,
      // The callback form would need the callback on the worker.
      'a callback': `import jwt from 'jsonwebtoken';\nexport async function h(p, k, cb) { jwt.sign(p, k, { algorithm: 'RS256' }, cb); }`,
      // `await` is not available outside an async function.
      'a function that is not async': `import Papa from 'papaparse';\nexport function h(rows) { return Papa.unparse(rows); }`,
      'a pool name already taken': `import Papa from 'papaparse';\nlet papaparseUnparsePool;\nexport async function h(rows) { return Papa.unparse(rows); }`,
    };
    for (const [why, code] of Object.entries(cases)) {
      it(why, () => {
        const linter = new Linter({ configType: 'flat' });
        const config = [{ plugins: { unblock: plugin }, rules: { 'unblock/no-blocking-sync-call': /** @type {any} */ (['warn', { includeUnknownCallers: true }]) } }];
        const messages = linter.verify(code, config, { filename: 'src/h.js' });
        assert.ok(messages.some((m) => m.messageId === 'offloadToWorker'), 'the call is reported');
        assert.equal(planWorkerOffloads(linter.getSourceCode(), messages, { filename: 'src/h.js' }).size, 0);
      });
    }

    it('a TypeScript file (the worker would need its own build)', () => {
      assert.deepEqual(plan(esmCode, { filename: 'src/export.ts' }), []);
    });
  });
});

describe('fix/worker-offload: the rewritten module returns the same result through piscina', function () {
  this.timeout(30000);
  /** @type {string} */
  let dir;
  /** @type {any} */
  let pool;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'unblock-worker-offload-'));
    await symlink(fileURLToPath(new URL('../../../../../node_modules', import.meta.url)), path.join(dir, 'node_modules'), 'junction');
  });
  after(async () => {
    await pool?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('Papa.unparse of a JSON text: the same CSV', async () => {
    const source = `import Papa from 'papaparse';
export async function run(json) {
  return Papa.unparse(json);
}`;
    const [offload] = plan(source, { filename: 'handler.mjs' });
    await writeFile(path.join(dir, 'before.mjs'), source);
    // The test reaches the pool to close its threads when done.
    await writeFile(path.join(dir, 'after.mjs'), `${apply(source, offload)}\nexport const testPool = papaparseUnparsePool;\n`);
    await writeFile(path.join(dir, offload.workerFile), offload.workerSource);
    assert.equal(offload.workerFile, 'papaparse-unparse.worker.mjs');
    const before = await import(pathToFileURL(path.join(dir, 'before.mjs')).href);
    const after = await import(pathToFileURL(path.join(dir, 'after.mjs')).href);
    pool = after.testPool;
    const json = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, name: `item "${i}", ok`, tags: 'a;b' })));
    assert.equal(await after.run(json), await before.run(json));
    assert.equal(await after.run('[]'), await before.run('[]'));
  });
});
