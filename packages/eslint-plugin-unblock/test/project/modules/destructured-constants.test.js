/**
 * Constants reached in two steps (issue 22, cause 6): a module object bound
 * by `require`, then destructured. Found in a mail server: a 16-byte
 * `randomBytes(NONCE_BYTES)` was reported as blocking because the size was
 * not followed through `const { NONCE_BYTES } = consts`.
 */
import assert from 'node:assert/strict';
import { parseSync } from 'oxc-parser';
import { lintFixture } from '../lint-fixture.js';
import { createModuleView } from '../../../rules/project/modules/module-view.js';
import { valueOfName } from '../../../rules/project/modules/module-values.js';

describe('project index: destructured constants', () => {
  it('follows `const { N } = consts` to the required module: a small size is cheap, a large one blocks', async () => {
    // No route calls the handler: where it runs is unknown, reported here to test the sizes alone.
    const rules = { 'unblock/no-blocking-sync-call': /** @type {any} */ (['warn', { includeUnknownCallers: true }]) };
    const reports = await lintFixture('destructured-constant', rules, { sourceType: 'commonjs' });
    const lines = reports['handler.js'].filter((message) => message.ruleId === 'unblock/no-blocking-sync-call').map((message) => message.line);
    // NONCE_BYTES = 16 is cheap; KEY_BYTES = 65536 blocks.
    assert.deepEqual(lines, [7]);
  });

  it('reads a member of a constant object literal, and nothing through `let` or a computed key', () => {
    const code = "const LIMITS = { page: 20, name: 'x' };\nconst { page, name: label } = LIMITS;\nlet { page: loose } = LIMITS;\nconst { ['page']: computed } = LIMITS;";
    const view = createModuleView('/virtual/limits.js', parseSync('/virtual/limits.js', code).program);
    assert.deepEqual(valueOfName(view, 'page'), { type: 'number', value: 20 });
    assert.deepEqual(valueOfName(view, 'label'), { type: 'string', text: 'x' });
    assert.equal(valueOfName(view, 'loose'), null);
    assert.equal(valueOfName(view, 'computed'), null);
  });
});
