/**
 * The plugin's layers (scripts/layers/): the lint rule refuses an import up, sideways or into
 * another rule's folder and lets the others through, and the plugin's rules/ folder as it is has
 * no such import, no import loop between folders or files, and no folder past 15 files.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import layers from '../../scripts/layers/eslint-rule.js';
import { RULES_DIR, importProblem } from '../../scripts/layers/layer-table.js';
import { checkLayers } from '../../scripts/layers/check-layers.js';
import { writeTree } from '../support/write-tree.js';

/** @param {string} file relative to rules/ */
const at = (file) => path.join(RULES_DIR, file);

describe('layers (scripts/layers)', () => {
  new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } }).run('internal/layers', layers, {
    valid: [
      // down: the project index asks the syntax helpers; a rule asks the frame
      { code: "import { unwrap } from '../../language/syntax/ast.js';", filename: at('project/callers/call-sites.js') },
      { code: "import { createRule } from './rule-shell/create-rule.js';", filename: at('no-await-waterfall.js') },
      // its own folder, and its own rule's analysis from the rule's report/
      { code: "export { x } from './y.js';", filename: at('effects/verbs.js') },
      { code: "import { groups } from '../waterfall-groups.js';", filename: at('no-await-waterfall/report/promise-all.js') },
      // a JSDoc type from a lower layer
      { code: "/** @type {import('../effects/effect-summary.js').CallSummary} */\nexport let s;", filename: at('code-kind/one-off-code.js') },
      // files outside rules/ are not held to the layers
      { code: "import { x } from './packages/eslint-plugin-unblock/rules/no-await-waterfall/await-sites.js';", filename: path.join(RULES_DIR, '../../../tooling-like.js') },
    ],
    invalid: [
      // up: the syntax layer asks the project index
      { code: "import { getProjectIndex } from '../../project/index.js';", filename: at('language/syntax/ast.js'), errors: [{ messageId: 'layer' }] },
      // sideways: two folders of one step
      { code: "export * from '../rewrite/loop-names.js';", filename: at('rule-shell/proofs.js'), errors: [{ messageId: 'layer' }] },
      // into another rule's folder, and from a rule's analysis up into its report/
      { code: "import { x } from '../no-loop-waterfall/loop-shapes.js';", filename: at('no-await-waterfall/operations.js'), errors: [{ messageId: 'layer' }] },
      { code: "const m = import('./report/promise-all.js');", filename: at('no-await-waterfall/operations.js'), errors: [{ messageId: 'layer' }] },
      // a folder the table does not place
      { code: "import { x } from '../misc/x.js';", filename: at('effects/verbs.js'), errors: [{ messageId: 'layer' }] },
      // a JSDoc type named from a higher layer
      { code: "/** @param {import('../project/index.js').CallSummary} s */\nexport function f(s) { return s; }", filename: at('effects/effects.js'), errors: [{ messageId: 'layer' }] },
    ],
  });

  it('says why: up, sideways, another rule\'s folder, a folder in no layer', () => {
    assert.equal(importProblem('language/syntax/ast.js', 'project/index.js')?.kind, 'up');
    assert.equal(importProblem('project/frameworks/apps/nestjs.js', 'project/frameworks/index.js')?.kind, 'up');
    assert.equal(importProblem('rule-shell/proofs.js', 'rewrite/loop-names.js')?.kind, 'sibling');
    assert.equal(importProblem('no-await-waterfall/operations.js', 'no-loop-waterfall/loop-shapes.js')?.kind, 'other-rule');
    assert.equal(importProblem('rule-shell/proofs.js', 'no-await-waterfall/operations.js')?.kind, 'other-rule');
    assert.equal(importProblem('no-await-waterfall/operations.js', 'no-await-waterfall/report/promise-all.js')?.kind, 'up');
    assert.equal(importProblem('effects/verbs.js', 'misc/x.js')?.kind, 'unplaced');
    assert.equal(importProblem('no-await-waterfall.js', 'no-await-waterfall/report/promise-all.js'), null);
    assert.equal(importProblem('project/callers/callers.js', 'project/workspace/import-map.js'), null);
  });

  it('finds imports up, loops between folders and files, and folders past 15 files in a tree', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-layers-'));
    try {
      writeTree(root, {
        'no-x.js': "import './no-x/a.js';",
        'no-x/a.js': "import '../effects/verbs.js';",
        'language/syntax/ast.js': "import { verbs } from '../../effects/verbs.js';",
        'effects/verbs.js': "export { unwrap } from '../language/syntax/ast.js';",
        'effects/typed.js': "/** @type {import('../code-kind/k.js').K} */\nexport let k;",
        'code-kind/k.js': "import '../effects/typed.js';",
        ...Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`threads/t${i}.js`, ''])),
      });
      const result = checkLayers(root);
      assert.deepEqual(result.problems.map((problem) => `${problem.from} -> ${problem.to}${problem.type ? ' (type)' : ''}`), [
        'effects/typed.js -> code-kind/k.js (type)',
        'language/syntax/ast.js -> effects/verbs.js',
      ]);
      assert.deepEqual(result.folderLoops, [['effects', 'language/syntax']]);
      assert.deepEqual(result.fileLoops, [['effects/verbs.js', 'language/syntax/ast.js']]);
      assert.deepEqual(result.oversized.map((row) => row.folder), ['threads']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('the plugin has no import against the layers, no import loop and no folder past 15 files', () => {
    const { problems, folderLoops, fileLoops, oversized } = checkLayers();
    assert.deepEqual(problems, []);
    assert.deepEqual(folderLoops, []);
    assert.deepEqual(fileLoops, []);
    assert.deepEqual(oversized, []);
  });
});
