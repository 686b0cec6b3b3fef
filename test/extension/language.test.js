import assert from 'node:assert/strict';
import { languageSetup, lintFileName } from '../../extension/src/lint/language.js';
import { lensTitle } from '../../extension/src/mapping/lens.js';
import plugin from '../../packages/eslint-plugin-unblock/index.js';

describe('extension: language choice', () => {
  it('picks the parser and source type from the file extension', () => {
    assert.deepEqual(languageSetup('src/a.ts', 'typescript'), { kind: 'ts', jsx: false, sourceType: 'module' });
    assert.deepEqual(languageSetup('a.TSX', 'typescriptreact'), { kind: 'ts', jsx: true, sourceType: 'module' });
    assert.deepEqual(languageSetup('a.cjs', 'javascript'), { kind: 'js', jsx: false, sourceType: 'commonjs' });
    assert.deepEqual(languageSetup('a.mts', 'typescript'), { kind: 'ts', jsx: false, sourceType: 'module' });
    assert.equal(languageSetup('a.jsx', 'javascriptreact').jsx, true);
  });

  it('falls back to the language mode for untitled buffers and extension-less files', () => {
    assert.equal(languageSetup('Untitled-1', 'typescript').kind, 'ts');
    assert.equal(languageSetup('Jakefile', 'javascript').kind, 'js');
    assert.equal(languageSetup('notes.md', 'markdown'), undefined);
  });

  it('gives ESLint a relative name with an extension its config matches', () => {
    assert.equal(lintFileName('src/a.ts', languageSetup('src/a.ts', 'typescript')), 'src/a.ts');
    assert.equal(lintFileName('src\\win\\a.js', languageSetup('a.js', 'javascript')), 'src/win/a.js');
    assert.equal(lintFileName('Untitled-1', languageSetup('Untitled-1', 'typescriptreact')), 'Untitled-1.tsx');
    assert.equal(lintFileName('', languageSetup('', 'javascript')), 'untitled.jsx');
  });
});

/** A record as the editor gets it: the rule's summary comes from the plugin's own meta. */
const lensRecord = (/** @type {string} */ id, /** @type {string} */ message) => ({ message, summary: /** @type {any} */ (plugin.rules[id].meta.docs).summary });

describe('extension: CodeLens titles', () => {
  it('says how many awaits could run together', () => {
    assert.equal(lensTitle(lensRecord('no-await-waterfall', "`getUser()`, `getOrders()` +1 more wait for each other though none uses another's result; start them together with Promise.all.")), '3 awaits could run together');
    // Repeated calls are counted in words by the rule ("two `rawQuery()` calls"): each is an await.
    assert.equal(lensTitle(lensRecord('no-await-waterfall', "two `rawQuery()` calls wait for each other though neither uses the other's result; start them together with Promise.all.")), '2 awaits could run together');
    assert.equal(lensTitle(lensRecord('no-await-waterfall', "three `db.find()` calls and `getUser()` wait for each other though none uses another's result; start them together with Promise.all.")), '4 awaits could run together');
    assert.equal(lensTitle(lensRecord('no-await-waterfall', 'Independent awaits run one after another.')), 'These awaits could run together');
  });

  it('names the blocking call', () => {
    assert.equal(lensTitle(lensRecord('no-blocking-sync-call', 'fs.readFileSync() waits for the disk on the main thread')), 'fs.readFileSync blocks the event loop');
    assert.equal(lensTitle(lensRecord('no-loop-waterfall', 'x')), 'Loop iterations could run together');
  });
});
