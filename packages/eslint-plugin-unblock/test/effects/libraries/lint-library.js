/**
 * Lints one module as a user writes it with no-await-waterfall, under espree (JavaScript) or
 * typescript-eslint (TypeScript), and returns each report with its proof's operation lines: what
 * the library tests assert (which calls were reported, and that the library's API said what each does).
 */
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import awaitRule from '../../../rules/no-await-waterfall.js';

/**
 * @param {string} code
 * @param {{ typescript?: boolean }} [options]
 * @returns {Array<{ line: number, operations: string[] }>}
 */
export function lintLibraryCode(code, { typescript = false } = {}) {
  /** @type {Array<{ line: number, lines: string[] }>} */
  const proofs = [];
  const linter = new Linter();
  const messages = linter.verify(code, [{
    files: ['**/*.js', '**/*.ts'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', ...(typescript ? { parser: tsParser } : {}) },
    plugins: { unblock: { rules: { 'no-await-waterfall': awaitRule } } },
    rules: { 'unblock/no-await-waterfall': 'warn' },
    settings: { unblock: { onProof: (/** @type {any} */ note) => proofs.push(note) } },
  }], typescript ? 'service.ts' : 'service.js');
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(`parse error: ${fatal.message}`);
  return proofs.map((proof) => ({ line: proof.line, operations: proof.lines.filter((line) => line.trim().startsWith('operation:')) }));
}

/** @param {string[]} lines */
export const code = (lines) => lines.join('\n');
