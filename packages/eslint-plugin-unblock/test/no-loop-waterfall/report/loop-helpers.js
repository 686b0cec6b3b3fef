/**
 * Shared by the loop rewrite tests: lint a snippet with no-loop-waterfall
 * and read back each suggestion's output; the stub async work the
 * semantic tests run loops against.
 */
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import rule from '../../../rules/no-loop-waterfall.js';

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
        // The rewrite tests cover loops of every effect: loops that write are rewritten as carefully (includeWrites).
        rules: { 'unblock/no-loop-waterfall': ['warn', { includeWrites: true, ...options }] },
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
  return outputOfSuggestion(code, lintLoops(code, { options }), messageId);
}

/**
 * The source after applying the suggestion `messageId` of the first report in `messages`.
 * @param {string} code
 * @param {import('eslint').Linter.LintMessage[]} messages
 * @param {string} messageId
 */
export function outputOfSuggestion(code, messages, messageId) {
  const [message] = messages;
  if (!message) throw new Error(`no report for:\n${code}`);
  if (message.fatal) throw new Error(`parse error: ${message.message}`);
  const suggestion = (message.suggestions ?? []).find((candidate) => candidate.messageId === messageId);
  if (!suggestion) throw new Error(`no ${messageId} suggestion for:\n${code}`);
  const [start, end] = suggestion.fix.range;
  return code.slice(0, start) + suggestion.fix.text + code.slice(end);
}

/**
 * Stub async work: records calls and the peak number in flight; earlier
 * items take longer, so completion order is the reverse of start order.
 * Items named in `failing` reject.
 * @param {number} count
 * @param {Set<unknown>} [failing]
 */
export function createWork(count, failing = new Set()) {
  const stats = { calls: /** @type {unknown[]} */ ([]), inFlight: 0, peak: 0 };
  let started = 0;
  /** @param {unknown} item */
  const work = async (item) => {
    stats.calls.push(item);
    stats.inFlight++;
    stats.peak = Math.max(stats.peak, stats.inFlight);
    const delay = 2 * (count - (started++ % count));
    await new Promise((resolve) => setTimeout(resolve, delay));
    stats.inFlight--;
    if (failing.has(item)) throw new Error(`failed on ${String(item)}`);
    return `done:${String(item)}`;
  };
  return { work, stats };
}
