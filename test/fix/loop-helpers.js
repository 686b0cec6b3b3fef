/**
 * Shared by the loop rewrite tests: lint a snippet with no-loop-waterfall
 * and read back each suggestion's output.
 */
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import rule from '../../rules/no-loop-waterfall.js';

const linter = new Linter({ configType: 'flat' });

/**
 * @param {string} code
 * @param {{ options?: object, typescript?: boolean, sourceType?: 'module' | 'script' | 'commonjs' }} [settings]
 */
export function lintLoops(code, { options = {}, typescript = false, sourceType = 'module' } = {}) {
  const filename = typescript ? 'file.ts' : 'file.js';
  return linter.verify(
    code,
    [
      {
        files: ['**/*.js', '**/*.ts'],
        plugins: { unblock: { rules: { 'no-loop-waterfall': rule } } },
        rules: { 'unblock/no-loop-waterfall': ['warn', options] },
        languageOptions: { ecmaVersion: 'latest', sourceType, ...(typescript ? { parser: tsParser } : {}) },
      },
    ],
    filename,
  );
}

/**
 * The source after applying one suggestion of the first report.
 * @param {string} code
 * @param {string} messageId suggestion message id (`runTogether`, `runBounded`, `awaitAll`)
 * @param {object} [options] rule options
 */
export function suggestionOutput(code, messageId, options = {}) {
  const [message] = lintLoops(code, { options });
  if (!message) throw new Error(`no report for:\n${code}`);
  if (message.fatal) throw new Error(`parse error: ${message.message}`);
  const suggestion = (message.suggestions ?? []).find((candidate) => candidate.messageId === messageId);
  if (!suggestion) throw new Error(`no ${messageId} suggestion for:\n${code}`);
  const [start, end] = suggestion.fix.range;
  return code.slice(0, start) + suggestion.fix.text + code.slice(end);
}
