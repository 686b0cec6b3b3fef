/**
 * Keeps each rule's trio in step: `rules/<id>.js`, `docs/rules/<id>.md`,
 * `test/rules/<id>.test.js`, the index entry, the recommended config and
 * `meta.docs.url`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import plugin from '../../index.js';
import { docsUrl } from '../../rules/core/rule-shell/docs-url.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ruleFiles = fs
  .readdirSync(path.join(root, 'rules'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => path.basename(file, '.js'));

describe('plugin and rule metadata', () => {
  it('exports meta with the package name and version', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    assert.deepEqual(plugin.meta, { name: pkg.name, version: pkg.version });
  });

  it('registers every rule file, and nothing else', () => {
    assert.deepEqual(Object.keys(plugin.rules).sort(), [...ruleFiles].sort());
  });

  it('turns on every rule as a warning in configs.recommended', () => {
    const recommended = plugin.configs.recommended;
    assert.equal(recommended.plugins.unblock, plugin);
    assert.deepEqual(
      recommended.rules,
      Object.fromEntries(Object.keys(plugin.rules).map((id) => [`unblock/${id}`, 'warn'])),
    );
  });

  for (const id of ruleFiles) {
    describe(id, () => {
      const rule = plugin.rules[id];

      it('has a docs page and a test file', () => {
        assert.ok(fs.existsSync(path.join(root, 'docs/rules', `${id}.md`)), `docs/rules/${id}.md`);
        assert.ok(fs.existsSync(path.join(root, 'test/rules', `${id}.test.js`)), `test/rules/${id}.test.js`);
      });

      it('has full meta', () => {
        const { meta } = rule;
        assert.ok(['problem', 'suggestion', 'layout'].includes(meta.type));
        assert.equal(typeof meta.docs.description, 'string');
        assert.equal(meta.docs.url, docsUrl(id));
        assert.ok(Array.isArray(meta.schema), 'schema is an array');
        assert.ok(Array.isArray(meta.defaultOptions), 'defaultOptions is an array');
        assert.ok(meta.messages && Object.keys(meta.messages).length > 0, 'messages');
        assert.equal(meta.hasSuggestions, true);
      });

      it('has a docs page whose title names the rule and which shows both kinds of example', () => {
        const page = fs.readFileSync(path.join(root, 'docs/rules', `${id}.md`), 'utf8');
        assert.match(page, new RegExp(`^# .*unblock/${id}`, 'm'));
        assert.match(page, /❌/);
        assert.match(page, /✅/);
        assert.match(page, /## When not to use it/i);
      });
    });
  }
});
