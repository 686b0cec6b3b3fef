/**
 * A fourth rule, scaffolded here as the "Add a rule" steps make one (createRule, with its bench
 * facts in `meta.bench`), gets the bench's ideal figures, observe's attribution and the function
 * bench's verdict with no edit to the bench: the bench asks the rule, and holds no rule id.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import unblock from '../../eslint-plugin-unblock/index.js';
import { createRule } from '../../eslint-plugin-unblock/rules/rule-shell/create-rule.js';
import { probeHarness } from '../harness/index.js';
import { KNOWN_RULES, functionBenchVerdict } from '../index.js';
import { lintForObservation } from '../observe/instrument/static-facts.js';
import { planInstrumentation, displayNames } from '../observe/instrument/plan.js';

const here = (/** @type {string} */ rel) => fileURLToPath(new URL(rel, import.meta.url));

/** A complete proof: the rule shell drops a report without one. */
const proof = { entry: { label: 'GET /', file: null }, chain: ['handler'], operations: [{ code: 'x()', effect: 'test' }], why: 'a test rule' };

/**
 * A rule that reports every call of a function named `name` (awaited, when `awaited`), declaring
 * `bench` for the bench. A call as a method (`lib.name()`) stands for a call into a package.
 * @param {string} id
 * @param {string} name
 * @param {import('../../eslint-plugin-unblock/tooling.js').BenchFacts} bench
 * @param {{ awaited?: boolean }} [shape] report the `await` around the call, as a waterfall report spans its awaits
 */
function callRule(id, name, bench, { awaited = false } = {}) {
  return createRule({
    id,
    meta: {
      type: 'problem',
      docs: { description: `Disallow ${name}()`, summary: `${name}() is slow` },
      messages: { slow: `${name}() is slow`, packaged: `${name}() of a package is slow` },
      schema: [{ type: 'object', properties: {}, additionalProperties: false }],
      bench,
    },
    defaultOptions: {},
    create(context) {
      return {
        /** @param {any} node */
        CallExpression(node) {
          const at = awaited ? node.parent : node;
          if (awaited && at.type !== 'AwaitExpression') return;
          if (node.callee.type === 'Identifier' && node.callee.name === name) context.report({ node: at, messageId: 'slow', proof });
          if (node.callee.type === 'MemberExpression' && node.callee.property.name === name) context.report({ node: at, messageId: 'packaged', proof });
        },
      };
    },
  });
}

/** The Unblock plugin with two rules the bench has never heard of. */
const plugin = {
  ...unblock,
  rules: {
    ...unblock.rules,
    'no-slow-hash': callRule('no-slow-hash', 'pbkdf2Sync', { ideal: 'offload', observe: 'blocking', packageCalls: ['packaged'] }),
    'no-slow-gather': callRule('no-slow-gather', 'fetchOne', { ideal: 'waits', observe: 'waterfall' }, { awaited: true }),
  },
};

describe('a fourth rule: the bench asks the rule, not its own list', () => {
  it('predicts the ideal gain the rule declares (offload), from its report alone', async () => {
    const file = here('./harness/fixtures/login-blocking.js');
    // The fix is the blocking rule's (the harness needs a real rewrite); the report that decides the ideal is the new rule's.
    const probe = await probeHarness({ file, line: 9, rules: KNOWN_RULES, messages: ['unblock/no-slow-hash (line 1): …'], plugin });
    assert.ok('waits' in probe, 'refusal' in probe ? probe.refusal : '');
    assert.deepEqual(probe.ideal, { kind: 'offload' });
    // Without the rule's facts, the same report predicts nothing.
    const bare = { ...plugin, rules: { ...plugin.rules, 'no-slow-hash': { ...plugin.rules['no-slow-hash'], meta: { ...plugin.rules['no-slow-hash'].meta, bench: undefined } } } };
    const none = await probeHarness({ file, line: 9, rules: KNOWN_RULES, messages: ['unblock/no-slow-hash (line 1): …'], plugin: bare });
    assert.equal('ideal' in none && none.ideal.kind, 'none');
  });

  it('observe times the call a blocking-kind report marks, and groups the awaits a waterfall-kind report spans', () => {
    const source = [
      "const { pbkdf2Sync } = require('node:crypto');",
      'async function fetchOne(id) { return id; }',
      'module.exports = async function handler(req, res) {',
      "  const hash = pbkdf2Sync('p', 's', 1, 8, 'sha256');",
      '  const a = await fetchOne(1);',
      '  const b = await fetchOne(2);',
      '  res.end(String(a + b) + hash.length);',
      '};',
      '',
    ].join('\n');
    const dir = here('./fixtures');
    const files = [{ path: path.join(dir, 'fourth-rule.js'), relative: 'fourth-rule.js', source }];
    const facts = lintForObservation(files, { rules: ['unblock/no-slow-hash', 'unblock/no-slow-gather'], plugin, cwd: dir });
    assert.deepEqual(facts[0].diagnostics.map((d) => [d.ruleId, d.line, d.kind]), [
      ['unblock/no-slow-hash', 4, 'blocking'],
      ['unblock/no-slow-gather', 5, 'waterfall'],
      ['unblock/no-slow-gather', 6, 'waterfall'],
    ]);
    const plan = planInstrumentation(facts, displayNames(facts, dir));
    assert.deepEqual([...plan.blockingSites.values()].map((s) => s.diagnostic.ruleId), ['unblock/no-slow-hash']);
    const attributed = [...plan.awaitSites.values()].map((s) => s.waterfall?.ruleId ?? null);
    assert.deepEqual(attributed, ['unblock/no-slow-gather', 'unblock/no-slow-gather']);
  });

  it('the function bench refuses the reports the rule says are on package calls', () => {
    assert.equal(functionBenchVerdict({ ruleId: 'unblock/no-slow-hash', messageId: 'packaged', suggestions: [{}] }, plugin).measurable, false);
    assert.equal(functionBenchVerdict({ ruleId: 'unblock/no-slow-hash', messageId: 'slow', suggestions: [{}] }, plugin).measurable, true);
  });
});
