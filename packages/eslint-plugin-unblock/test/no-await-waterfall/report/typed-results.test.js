/**
 * The Promise.all rewrite on TypeScript: the exact output for each shape a
 * TypeScript backend writes, and `tsc --strict --noEmit` (in-process) on the
 * code before and after, which must both have zero errors.
 */
import assert from 'node:assert/strict';
import { lintWith, applyFirstSuggestions } from '../../support/apply-suggestions.js';
import { typeErrors } from '../../support/typecheck.js';
import { PRELUDE, CASES } from './typed-results.cases.js';
import { SETTLED_CASES } from './settled-results.cases.js';

describe('typed Promise.all rewrites', function () {
  // The first check parses TypeScript's library files.
  this.timeout(20000);

  it('the type check sees a type error (so a clean result means something)', () => {
    const code = `${PRELUDE}export async function h(id: string) { const user: Team = await api.getIds(id); return user; }\n`;
    assert.equal(typeErrors(code).length, 1);
  });

  for (const { title, code, output } of [...CASES, ...SETTLED_CASES]) {
    describe(title, () => {
      const before = PRELUDE + code;
      const messages = lintWith(before, { rule: 'no-await-waterfall', typescript: true });
      const after = applyFirstSuggestions(before, messages);

      it('is reported once, with a suggestion', () => {
        assert.equal(messages.length, 1);
        assert.equal(messages[0].suggestions?.length, 1);
      });
      it('suggests the exact output', () => {
        assert.equal(after.slice(PRELUDE.length), output);
      });
      it('type-checks before and after with tsc --strict', () => {
        assert.deepEqual(typeErrors(before), []);
        assert.deepEqual(typeErrors(after), []);
      });
      it('leaves nothing to report after the fix', () => {
        assert.deepEqual(lintWith(after, { rule: 'no-await-waterfall', typescript: true }), []);
      });
    });
  }
});
