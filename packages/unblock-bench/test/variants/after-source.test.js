import assert from 'node:assert/strict';
import { buildAfterSource, loadPlugin, unifiedDiff } from '../../index.js';

const WATERFALL = `// Waits like a lookup in a store would: a helper that only returned its key would have nothing to gain from Promise.all.
async function lookup(key) {
  await new Promise((resolve) => setTimeout(resolve, 1));
  return key;
}
export default async function handler(req, res) {
  const first = await lookup('a');
  const second = await lookup('b');
  res.end(JSON.stringify({ first, second }));
}
`;

/**
 * A stand-in plugin with one rule that honours the { fix: true } contract: it reports every
 * string literal 'a' and, in fix mode, rewrites it to 'A'. Lets the builder be tested apart
 * from the real rules' evolving output.
 */
const stubPlugin = {
  rules: {
    'no-await-waterfall': {
      meta: { type: 'suggestion', fixable: 'code', hasSuggestions: true, schema: [{ type: 'object', properties: { fix: { type: 'boolean' } }, additionalProperties: false }], messages: { m: 'stub' } },
      create(context) {
        const fix = Boolean(context.options[0]?.fix);
        return {
          Literal(node) {
            if (node.value !== 'a') return;
            const edit = (fixer) => fixer.replaceText(node, "'A'");
            context.report({ node, messageId: 'm', ...(fix ? { fix: edit } : {}), suggest: [{ messageId: 'm', fix: edit }] });
          },
        };
      },
    },
  },
};

describe('bench-runner: after-source builder', () => {
  it('applies the real plugin fixes and shows them as a unified diff', async () => {
    const plugin = await loadPlugin();
    const result = buildAfterSource(WATERFALL, { rules: ['unblock/no-await-waterfall'], filename: 'server.js', plugin });
    assert.equal(result.changed, true);
    assert.deepEqual(result.rulesApplied, ['unblock/no-await-waterfall']);
    assert.equal(result.findings.length, 1);
    assert.equal(result.findings[0].ruleId, 'unblock/no-await-waterfall');
    assert.equal(result.findings[0].line, 7);
    assert.match(result.source, /await Promise\.all\(\[/);
    assert.doesNotMatch(result.source, /const first = await lookup/);
    assert.match(result.diff, /^--- before\/server\.js/m);
    assert.match(result.diff, /^\+\+\+ after\/server\.js/m);
    assert.match(result.diff, /^- {2}const first = await lookup\('a'\);$/m);
    assert.deepEqual(result.unfixed, []);
  });

  it('changes nothing when the rules stay silent (the negative control)', async () => {
    const plugin = await loadPlugin();
    const chain = `export default async function handler(req, res) {
  const session = await findSession(1);
  const user = await findUser(session.userId);
  res.end(String(user.id));
}
async function findSession(id) { return { userId: id }; }
async function findUser(id) { return { id }; }
`;
    const result = buildAfterSource(chain, { rules: ['unblock/no-await-waterfall', 'unblock/no-blocking-sync-call'], filename: 'server.js', plugin });
    assert.equal(result.changed, false);
    assert.equal(result.source, chain);
    assert.equal(result.diff, '');
    assert.deepEqual(result.findings, []);
  });

  it('uses only the rules the plugin has at run time and lists the others', () => {
    const result = buildAfterSource(WATERFALL, {
      rules: ['unblock/no-await-waterfall', 'unblock/no-loop-waterfall'],
      filename: 'server.js',
      plugin: stubPlugin,
    });
    assert.deepEqual(result.rulesApplied, ['unblock/no-await-waterfall']);
    assert.deepEqual(result.rulesMissing, ['unblock/no-loop-waterfall']);
    assert.equal(result.changed, true);
    assert.match(result.source, /lookup\('A'\)/);
  });

  it('passes { fix: true } so suggestions become fixes', () => {
    const seen = [];
    const spy = {
      rules: {
        'no-blocking-sync-call': {
          meta: { schema: [{ type: 'object', properties: { fix: { type: 'boolean' } }, additionalProperties: false }] },
          create(context) {
            seen.push(context.options[0]);
            return {};
          },
        },
      },
    };
    buildAfterSource('const x = 1;\n', { rules: ['unblock/no-blocking-sync-call'], filename: 'a.js', plugin: spy });
    assert.ok(seen.length > 0);
    assert.ok(seen.every((o) => o?.fix === true));
  });

  it('reports a source that does not parse in one line', () => {
    assert.throws(
      () => buildAfterSource('export default async function (', { rules: ['unblock/no-await-waterfall'], filename: 'broken.js', plugin: stubPlugin }),
      (/** @type {any} */ error) => error.code === 'FIX_FAILED' && /cannot parse broken\.js: .*line 1/.test(error.message) && !error.message.includes('\n'),
    );
  });

  it('returns the source unchanged when no requested rule exists yet', () => {
    const result = buildAfterSource(WATERFALL, { rules: ['unblock/no-loop-waterfall'], filename: 'server.js', plugin: { rules: {} } });
    assert.equal(result.changed, false);
    assert.deepEqual(result.rulesMissing, ['unblock/no-loop-waterfall']);
  });

  it('prints a unified diff with context', () => {
    const diff = unifiedDiff('a\nb\nc\n', 'a\nB\nc\n', 'x.js');
    assert.match(diff, /@@ -1,3 \+1,3 @@\n a\n-b\n\+B\n c/);
  });
});
