/**
 * Lints code with one Unblock rule and applies the first suggestion of each
 * report, as an editor user clicking the quick fix would.
 */
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../index.js';
import { applyEdits } from '../../../../scripts/oxlint/one-pass-fixes.js';

/**
 * @param {string} code
 * @param {{ rule: string, options?: object, typescript?: boolean, sourceType?: 'module' | 'script' | 'commonjs' }} settings
 */
export function lintWith(code, { rule, options, typescript = false, sourceType = 'module' }) {
  const linter = new Linter();
  const config = {
    files: ['**/*.js', '**/*.ts'],
    plugins: { unblock: plugin },
    languageOptions: { ecmaVersion: /** @type {const} */ ('latest'), sourceType, ...(typescript ? { parser: tsParser } : {}) },
    rules: { [`unblock/${rule}`]: /** @type {any} */ (options ? ['warn', options] : 'warn') },
  };
  return linter.verify(code, [config], typescript ? 'input.ts' : 'input.js');
}

/**
 * Applies the first suggestion of every message (their ranges never overlap
 * in the inputs used here; overlapping ones are skipped like ESLint does).
 * @param {string} code
 * @param {import('eslint').Linter.LintMessage[]} messages
 */
export function applyFirstSuggestions(code, messages) {
  return applyEdits(code, messages.map((message) => message.suggestions?.[0]?.fix).filter(Boolean));
}

/**
 * Applies, in every message that has one, the suggestion with this message id.
 * @param {string} code
 * @param {import('eslint').Linter.LintMessage[]} messages
 * @param {string} messageId
 */
export function applySuggestionsWithId(code, messages, messageId) {
  return applyEdits(code, messages.map((message) => message.suggestions?.find((suggestion) => suggestion.messageId === messageId)?.fix).filter(Boolean));
}
