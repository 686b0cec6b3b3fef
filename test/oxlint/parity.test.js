/**
 * oxlint is a supported way to run the plugin (through its `jsPlugins` setting). This suite
 * lints every rule test case (under each parser it runs with) and every server fixture with
 * both ESLint and oxlint, and requires the same reports (file, line, column, rule, message)
 * and, where oxlint applies fixes and suggestions, the same fixed text.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recordedCases } from '../../packages/eslint-plugin-unblock/test/rules/rule-tester.js';
import { applyOnePass } from '../../scripts/oxlint/one-pass-fixes.js';
import { eslintMessages, oxlintCaseFiles, writeCaseFiles } from './both-linters.js';
// Loading the rule test files records their cases (they are ES modules: loaded once per run).
import '../../packages/eslint-plugin-unblock/test/rules/no-await-waterfall.test.js';
import '../../packages/eslint-plugin-unblock/test/rules/no-await-waterfall.early-start.test.js';
import '../../packages/eslint-plugin-unblock/test/rules/no-blocking-sync-call.test.js';
import '../../packages/eslint-plugin-unblock/test/rules/no-loop-waterfall.test.js';

describe('oxlint parity: same reports and fixes as ESLint', function () {
  this.timeout(180_000);
  /** @type {string} */
  let root;
  /** @type {import('./both-linters.js').CaseFile[]} */
  let files;
  /** @type {Map<string, import('eslint').Linter.LintMessage[]>} */
  const eslintByFile = new Map();
  /** @type {Awaited<ReturnType<typeof oxlintCaseFiles>>} */
  let oxlint;
  /** @type {string} */
  let fixedDir;

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-parity-'));
    const casesDir = path.join(root, 'cases');
    files = writeCaseFiles(casesDir, recordedCases);
    for (const caseFile of files) eslintByFile.set(caseFile.file, eslintMessages(caseFile, casesDir));
    fixedDir = path.join(root, 'fixed');
    fs.cpSync(casesDir, fixedDir, { recursive: true });
    oxlint = await oxlintCaseFiles(casesDir, files);
    // Fixes need their own copy: oxlint rewrites the files it fixes.
    await oxlintCaseFiles(fixedDir, files.map((caseFile) => ({ ...caseFile, file: path.join(fixedDir, path.relative(casesDir, caseFile.file)) })), ['--fix-suggestions']);
  });

  after(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('lints every case file and covers all three rules', () => {
    assert.equal(oxlint.files, files.length);
    const rules = new Set([...eslintByFile.values()].flat().map((message) => message.ruleId));
    assert.deepEqual([...rules].sort(), ['unblock/no-await-waterfall', 'unblock/no-blocking-sync-call', 'unblock/no-loop-waterfall']);
  });

  it('reports exactly what ESLint reports: file, line, column, rule and message', () => {
    const casesDir = path.join(root, 'cases');
    /** @param {{ file: string, line: number, column: number, ruleId: string, message: string }} r */
    const key = (r) => `${path.relative(casesDir, r.file)}:${r.line}:${r.column} ${r.ruleId} ${r.message}`;
    const fromEslint = [...eslintByFile].flatMap(([file, messages]) => messages.filter((m) => !m.fatal).map((m) => key({ ...m, file })));
    const fromOxlint = oxlint.reports.map(key);
    assert.ok(fromEslint.length > 50, `expected a real number of reports, got ${fromEslint.length}`);
    assert.deepEqual(fromOxlint.sort(), fromEslint.sort());
  });

  it('parses every case file with ESLint (oxlint parse errors would show as extra reports above)', () => {
    const eslintFatal = [...eslintByFile].filter(([, messages]) => messages.some((m) => m.fatal)).map(([file]) => file);
    assert.deepEqual(eslintFatal, []);
  });

  it('applies the same fixes and suggestions as ESLint, byte for byte', () => {
    const casesDir = path.join(root, 'cases');
    let changed = 0;
    const differing = [];
    for (const caseFile of files) {
      const expected = applyOnePass(caseFile.code, eslintByFile.get(caseFile.file));
      const actual = fs.readFileSync(path.join(fixedDir, path.relative(casesDir, caseFile.file)), 'utf8');
      if (expected !== caseFile.code) changed++;
      if (actual !== expected) differing.push(path.relative(casesDir, caseFile.file));
    }
    assert.ok(changed > 40, `expected many fixed files, got ${changed}`);
    assert.deepEqual(differing, []);
  });
});
