/**
 * Keeps each rule's trio in step: `rules/<id>.js`, `docs/rules/<id>.md`,
 * `test/rules/<id>.test.js`, the index entry, the recommended config and
 * `meta.docs.url`; and every list derived from the plugin's rules (the bench runner's
 * `--rule` choices, the extension's per-rule settings) names exactly these rules.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import plugin from '../../index.js';
import { docsUrl } from '../../rules/rule-shell/docs-url.js';
import { KNOWN_RULES } from '../../../unblock-bench/fixture/options.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const pluginRoot = path.join(root, 'packages/eslint-plugin-unblock');
const ruleFiles = fs
  .readdirSync(path.join(pluginRoot, 'rules'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => path.basename(file, '.js'));

describe('plugin and rule metadata', () => {
  it('exports meta with the package name and version', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(pluginRoot, 'package.json'), 'utf8'));
    assert.deepEqual(plugin.meta, { name: pkg.name, version: pkg.version });
  });

  it('registers every rule file, and nothing else', () => {
    assert.deepEqual(Object.keys(plugin.rules).sort(), [...ruleFiles].sort());
  });

  it('lets the bench runner choose exactly the plugin\'s rules', () => {
    assert.deepEqual(KNOWN_RULES, Object.keys(plugin.rules).map((id) => `unblock/${id}`));
  });

  it('links each rule to its docs page as released with this version', () => {
    assert.match(docsUrl('no-await-waterfall'), new RegExp(`/blob/v${plugin.meta.version.replace(/\./g, '\\.')}/docs/rules/no-await-waterfall\\.md$`));
  });

  it('has one extension setting per rule in the manifest (npm run sync-rules -w extension writes them)', async () => {
    const { ruleSettingProperties } = await import('../../../../extension/scripts/rule-settings.mjs');
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'extension/package.json'), 'utf8'));
    const settings = manifest.contributes.configuration.properties;
    const expected = ruleSettingProperties(plugin);
    assert.deepEqual(settings['unblock.severity'].properties, expected.severity);
    assert.deepEqual(settings['unblock.ruleOptions'].properties, expected.ruleOptions);
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

      it('has a docs page, a test file and a row in the README\'s rule table', () => {
        assert.ok(fs.existsSync(path.join(root, 'docs/rules', `${id}.md`)), `docs/rules/${id}.md`);
        assert.ok(fs.existsSync(path.join(pluginRoot, 'test/rules', `${id}.test.js`)), `packages/eslint-plugin-unblock/test/rules/${id}.test.js`);
        const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
        assert.ok(readme.includes(`| [\`unblock/${id}\`](docs/rules/${id}.md) |`), `README.md has no table row linking docs/rules/${id}.md`);
      });

      it('has full meta', () => {
        const { meta } = rule;
        assert.ok(['problem', 'suggestion', 'layout'].includes(meta.type));
        assert.equal(typeof meta.docs.description, 'string');
        assert.equal(typeof /** @type {any} */ (meta.docs).summary, 'string', 'docs.summary: the editor\'s CodeLens title');
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
