/**
 * The extension's lint engine (with its own parser options, e.g. no TypeScript node maps, and with
 * the editor's oxc-based TypeScript parser) gives exactly what ESLint with typescript-eslint or
 * espree gives: same reports, positions, messages, fixes and suggestions, on every rule test case
 * and fixture. The same check on 4,000+ real TypeScript files is scripts/equivalence/editor-equivalence.js.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import * as tsParser from '@typescript-eslint/parser';
import ts from 'typescript';
import unblock from '../../packages/eslint-plugin-unblock/index.js';
import { createLintRunner } from '../../extension/src/lint/run-lint.js';
import { createOxcParser } from '../../extension/src/lint/oxc-parser/index.js';
import { recordedCases } from '../../packages/eslint-plugin-unblock/test/rules/rule-tester.js';
import { eslintMessages, writeCaseFiles } from '../oxlint/both-linters.js';
import '../../packages/eslint-plugin-unblock/test/rules/no-await-waterfall.test.js';
import '../../packages/eslint-plugin-unblock/test/rules/no-blocking-sync-call.test.js';
import '../../packages/eslint-plugin-unblock/test/rules/no-loop-waterfall.test.js';

/** @param {any} m */
const normalize = (m) => JSON.stringify([m.line, m.column, m.endLine, m.endColumn, m.ruleId, m.message, m.fix ?? null, (m.suggestions ?? []).map((/** @type {any} */ s) => [s.desc, s.fix])]);

const PARSERS = {
  'typescript-eslint': tsParser,
  'the oxc parser': createOxcParser({ fallback: tsParser, ts }),
};

describe('extension: lint engine equals ESLint on every rule case and fixture', () => {
  for (const [parserName, parser] of Object.entries(PARSERS)) {
    it(`gives the same reports, fixes and suggestions (TypeScript through ${parserName})`, function () {
      // One test lints every recorded rule case twice (about 5 s alone); on a machine busy with other
      // work it took over 20 s. The bound is a guard against a hang, not a measure of speed.
      this.timeout(120_000);
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-engine-'));
      try {
        // Each file linted with all three rules and default options, as the editor does.
        const all = Object.fromEntries(Object.keys(unblock.rules).map((id) => [`unblock/${id}`, /** @type {const} */ ('warn')]));
        const files = writeCaseFiles(root, recordedCases).map((caseFile) => ({ ...caseFile, rules: all }));
        const engine = createLintRunner({ Linter, plugin: unblock, loadTsParser: () => parser });
        const differing = [];
        let reports = 0;
        for (const caseFile of files) {
          const relative = path.relative(root, caseFile.file);
          const expected = eslintMessages({ ...caseFile, file: relative }, process.cwd()).map(normalize);
          const languageId = /\.tsx?$/.test(relative) ? 'typescript' : 'javascript';
          const result = engine.lintText(caseFile.code, { fileName: relative, languageId, settings: { severity: {}, ruleOptions: {} } });
          reports += expected.length;
          if (JSON.stringify(result?.messages.map(normalize)) !== JSON.stringify(expected)) differing.push(relative);
        }
        assert.ok(reports > 50, `expected a real number of reports, got ${reports}`);
        assert.deepEqual(differing, []);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });
  }
});
