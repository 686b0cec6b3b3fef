/**
 * A linter that lacks something the rules need gets one clear warning per rule and no reports,
 * never a TypeError in the middle of a lint.
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { missingHostApis, withHostCheck } from '../../packages/eslint-plugin-unblock/rules/rule-shell/host-check.js';

/** A context as ESLint builds it, taken from a real lint. */
function realContext() {
  /** @type {any} */
  let captured;
  const probe = { meta: { type: /** @type {const} */ ('problem'), schema: [] }, create(/** @type {any} */ context) { captured = context; return {}; } };
  new Linter().verify('f();', [{ plugins: { probe: { rules: { probe } } }, rules: { 'probe/probe': 'warn' } }]);
  return captured;
}

describe('host check (linters without an API the rules need)', () => {
  it('finds nothing missing in ESLint', () => {
    assert.deepEqual(missingHostApis(realContext()), []);
  });

  it('names each missing method and property', () => {
    const context = realContext();
    const sourceCode = Object.create(context.sourceCode, { getScope: { value: undefined } });
    const partial = { report: context.report, filename: 'a.js', options: [], sourceCode };
    assert.deepEqual(missingHostApis(partial), ['sourceCode.getScope()', 'context.cwd']);
    assert.deepEqual(missingHostApis({}), ['context.sourceCode']);
  });

  it('skips the rule with one warning per rule, however many files', () => {
    /** @type {string[]} */
    const warnings = [];
    const wrapped = withHostCheck('unblock/test-only-rule', plugin.rules['no-await-waterfall'], { warn: (message) => warnings.push(message) });
    const context = { sourceCode: { text: '' } };
    assert.deepEqual(wrapped.create(/** @type {any} */ (context)), {});
    assert.deepEqual(wrapped.create(/** @type {any} */ (context)), {});
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /^unblock\/test-only-rule is skipped: the linter running it does not provide sourceCode\.getText\(\), .*context\.report\(\)\. Run it with ESLint 8\.57 or later, or oxlint/);
  });

  it('keeps each rule\'s meta and runs it unchanged where everything is there', () => {
    const linter = new Linter();
    const messages = linter.verify('async function h() { const a = await getA(); const b = await getB(); return [a, b]; }', [plugin.configs.recommended]);
    assert.deepEqual(messages.map((m) => m.ruleId), ['unblock/no-await-waterfall']);
    assert.equal(plugin.rules['no-await-waterfall'].meta.hasSuggestions, true);
  });
});
