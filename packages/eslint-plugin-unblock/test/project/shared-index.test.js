/**
 * One linted file's project index, shared by the two waterfall rules when their verb options are the
 * same: a callee's body is then summarised once per file, not once per rule. Classifiers with other
 * verb options keep an index of their own, since a call's names may then say another kind.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { getProjectIndex } from '../../rules/project/index.js';
import { createCallClassifier } from '../../rules/effects/call-classification.js';

const FILE = fileURLToPath(new URL('./shared-index-case.js', import.meta.url));

/** The source code object of a small linted file. */
function sourceCodeOf() {
  const linter = new Linter();
  assert.deepEqual(linter.verify('export async function page(db) { return db.one(); }', [{ languageOptions: { sourceType: 'module' } }], { filename: FILE }), []);
  return linter.getSourceCode();
}

/** @param {import('../../rules/effects/call-classification.js').ClassifierOptions} options */
function classifierWith(options) {
  return createCallClassifier(options, { resolveRoot: () => null, isConnectionVariable: () => false, visitorKeys: {}, getText: () => '' });
}

describe('project index: one per linted file and verb options', () => {
  it('classifiers with the same verb options share the index; other options get their own', () => {
    const sourceCode = sourceCodeOf();
    const awaitRule = classifierWith({});
    const loopRule = classifierWith({});
    const ownVerbs = classifierWith({ readVerbs: ['hydrate'] });
    assert.notEqual(awaitRule.kindOfCall, loopRule.kindOfCall, 'each classifier has its own closure');
    assert.equal(awaitRule.namesKey, loopRule.namesKey, 'the same options give the same key');
    assert.notEqual(ownVerbs.namesKey, awaitRule.namesKey);
    const shared = getProjectIndex(sourceCode, FILE, awaitRule.kindOfCall, awaitRule.namesKey);
    assert.equal(getProjectIndex(sourceCode, FILE, loopRule.kindOfCall, loopRule.namesKey), shared);
    assert.notEqual(getProjectIndex(sourceCode, FILE, ownVerbs.kindOfCall, ownVerbs.namesKey), shared);
    assert.notEqual(getProjectIndex(sourceCodeOf(), FILE, loopRule.kindOfCall, loopRule.namesKey), shared, 'another lint, another index');
  });
});
