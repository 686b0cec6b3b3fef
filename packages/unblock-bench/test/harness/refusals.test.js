import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { buildFunctionHarness } from '../../harness/index.js';

const refusals = fileURLToPath(new URL('./fixtures/refusals.js', import.meta.url));
const broken = fileURLToPath(new URL('./fixtures/broken.js', import.meta.url));

/** @param {string} file @param {number} line @param {string} [source] */
async function refusalAt(file, line, source) {
  const harness = await buildFunctionHarness({ file, line, source });
  assert.equal(harness.before, null, 'a refused function gets no harness');
  assert.equal(harness.after, null);
  return harness.refusal;
}

describe('function harness: refusals say why, in one sentence', () => {
  it('module state that other code changes', async () => {
    assert.equal(
      await refusalAt(refusals, 15),
      'the function closes over `sessions`, which other code in the module modifies (line 7), so its state at request time cannot be reproduced',
    );
  });

  it('a module variable that other code reassigns', async () => {
    assert.equal(
      await refusalAt(refusals, 22),
      'the function closes over `featureFlags`, which other code in the module reassigns (line 11), so its value at request time cannot be reproduced',
    );
  });

  it('`this` outside a class method', async () => {
    assert.equal(await refusalAt(refusals, 28), 'the function uses `this` (line 28) outside a class method, so the harness cannot know what it refers to');
  });

  it('a name that is neither declared nor a global', async () => {
    assert.equal(
      await refusalAt(refusals, 34),
      'the function uses `legacyClient` (line 34), which is neither declared in the file nor a Node.js global, so the harness can neither run nor stub it',
    );
  });

  it('a module loaded at run time', async () => {
    assert.equal(await refusalAt(refusals, 40), "the function loads './lazy-db' with require() at run time (line 40), which the harness cannot stub");
  });

  it('a private class member', async () => {
    assert.equal(await refusalAt(refusals, 48), 'the function uses the private member `this.#store` (line 49), which a stand-in `this` cannot provide');
  });

  it('no function at that line', async () => {
    assert.equal(await refusalAt(refusals, 53), 'no function contains line 53 of refusals.js');
  });

  it('a syntax error inside the function, while the rest of the file still works', async () => {
    assert.equal(await refusalAt(broken, 10), 'the function does not parse: Missing initializer in const declaration. (line 11)');
    const fine = await buildFunctionHarness({ file: broken, line: 4 });
    assert.equal(fine.refusal, undefined);
    assert.equal(fine.functionName, 'fine');
  });

  it('a file that does not parse at all, or that Babel cannot analyse', async () => {
    assert.equal(await refusalAt('x.js', 1, 'async function f( {'), 'the file does not parse: Unexpected token (line 1)');
    assert.equal(await refusalAt('x.js', 1, 'async function f() { let a = 1; let a = 2; }'), 'the file cannot be analysed: Duplicate declaration "a"');
  });

  it('a missing file', async () => {
    assert.equal(await refusalAt('/nonexistent/file.js', 3), 'cannot read /nonexistent/file.js: no such file');
  });

  it('JSX, constructors, super and arrows that use the enclosing method\'s `this`', async () => {
    const source = [
      'class A extends B {',
      '  constructor(db) { super(); this.db = db; }',
      '  async render(id) { const x = await this.db.get(id); return <div>{x}</div>; }',
      '  async parent(id) { return super.load(id); }',
      '  async nested(ids) { return Promise.all(ids.map(async (id) => { const a = await this.db.get(id); return a; })); }',
      '}',
    ].join('\n');
    assert.equal(await refusalAt('a.jsx', 2, source), 'the function is a class constructor; the harness benchmarks functions and methods, not object construction');
    assert.equal(await refusalAt('a.jsx', 3, source), 'the function renders JSX (line 3), which the harness does not compile');
    assert.equal(await refusalAt('a.jsx', 4, source), 'the function calls `super` (line 4), whose class the harness cannot reproduce');
    assert.equal(
      await refusalAt('a.jsx', 5, source.replace('async nested', 'nested')),
      "the function uses `this` of the enclosing method `nested` (line 5); point the harness at a line of that method's own body instead",
    );
  });

  it('rejects bad arguments with a clear error', async () => {
    await assert.rejects(() => buildFunctionHarness(/** @type {any} */ ({ line: 3 })), /needs \{ file: string, line: number \}/);
    await assert.rejects(() => buildFunctionHarness({ file: 'a.js', line: 0 }), /line must be a positive integer/);
    await assert.rejects(() => buildFunctionHarness({ file: 'a.js', line: 1, latencyModel: { kind: 'disk' } }), /latencyModel\.kind must be 'io', 'threadpool' or 'table'/);
  });
});
