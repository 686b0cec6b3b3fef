/**
 * Robustness on real code: lint the JavaScript of a few large installed
 * packages with the rule and check that it never throws and that every
 * suggested rewrite still parses.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import * as espree from 'espree';
import rule from '../../rules/no-loop-waterfall.js';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../node_modules');
// Packages with much async code (servers, clients, browser drivers, file tools).
const PACKAGES = ['undici', 'playwright-core', 'fs-extra', 'glob', 'mocha', 'autocannon', 'eslint'];
// Bounded so the run stays short on a shared machine; bundles and minified files add parse time, not cases.
const MAX_FILES = 400;
const MAX_BYTES = 120_000;

/** @param {string} dir */
function* javascriptFiles(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') yield* javascriptFiles(full);
    else if (entry.isFile() && /\.[cm]?js$/.test(entry.name) && !/\.min\.|bundle/i.test(entry.name)) yield full;
  }
}

const linter = new Linter({ configType: 'flat' });
/**
 * @param {'module' | 'commonjs'} sourceType
 * @returns {import('eslint').Linter.Config[]}
 */
const config = (sourceType) => [
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    plugins: { unblock: { rules: { 'no-loop-waterfall': rule } } },
    rules: { 'unblock/no-loop-waterfall': ['warn', { maxConcurrency: 4 }] },
    languageOptions: { ecmaVersion: 'latest', sourceType },
    // The packages' own eslint comments name rules that are not loaded here.
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
  },
];

describe('no-loop-waterfall on installed packages', function () {
  this.timeout(120_000);

  it('never throws, and every suggestion parses', () => {
    let files = 0;
    let reports = 0;
    let suggestions = 0;
    /** @type {string[]} */
    const broken = [];
    outer: for (const name of PACKAGES) {
      for (const file of javascriptFiles(path.join(root, name))) {
        if (files >= MAX_FILES) break outer;
        const text = fs.readFileSync(file, 'utf8');
        if (text.length > MAX_BYTES) continue;
        files++;
        // Files under node_modules are ignored by default: lint under a neutral name.
        const filename = `linted${path.extname(file)}`;
        /** @type {'module' | 'commonjs'} */
        let sourceType = file.endsWith('.cjs') ? 'commonjs' : 'module';
        let messages = linter.verify(text, config(sourceType), filename);
        if (messages.some((message) => message.fatal) && sourceType === 'module') {
          sourceType = 'commonjs';
          messages = linter.verify(text, config(sourceType), filename);
        }
        if (messages.some((message) => message.fatal)) continue;
        // A rule that throws makes verify() throw; other messages are the linter's own notes.
        for (const message of messages.filter((candidate) => candidate.ruleId === 'unblock/no-loop-waterfall')) {
          reports++;
          for (const suggestion of message.suggestions ?? []) {
            suggestions++;
            const output = text.slice(0, suggestion.fix.range[0]) + suggestion.fix.text + text.slice(suggestion.fix.range[1]);
            try {
              espree.parse(output, { ecmaVersion: 'latest', sourceType: sourceType === 'commonjs' ? 'script' : 'module', ecmaFeatures: { globalReturn: sourceType === 'commonjs' } });
            } catch (error) {
              broken.push(`${path.relative(root, file)}:${message.line} ${suggestion.messageId}: ${/** @type {Error} */ (error).message}`);
            }
          }
        }
      }
    }
    assert.ok(files > 200, `expected to lint many files, linted ${files}`);
    assert.deepEqual(broken, []);
    // Keep the numbers visible: they show the rule found something to rewrite.
    assert.ok(suggestions > 0 && reports >= suggestions / 2, `reports ${reports}, suggestions ${suggestions}`);
  });
});
