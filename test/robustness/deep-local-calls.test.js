/**
 * A generated file with thousands of local functions, each calling the next, overflowed the stack
 * of the local-effects walk: ESLint stopped with exit code 2 and every other file's results were
 * lost. The walk is bounded; past the bound a function's effects are unknown, and unknown keeps
 * operations in order (never "pure").
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { MAX_LOCAL_CALL_DEPTH } from '../../packages/eslint-plugin-unblock/rules/effects/local-function-effects.js';

const config = [{ plugins: { unblock: plugin }, languageOptions: { ecmaVersion: /** @type {const} */ ('latest'), sourceType: /** @type {const} */ ('module') }, rules: { 'unblock/no-await-waterfall': /** @type {const} */ ('warn') } }];

/**
 * `f0` calls `f1` … calls `f<length>`, whose body is `last`; `handler` awaits two reads, the first
 * handed `f0()`'s result, the second reading `x`.
 * @param {number} length
 * @param {string} last
 */
function chain(length, last) {
  const lines = ['let x = 0;'];
  for (let i = 0; i < length; i++) lines.push(`function f${i}() { return f${i + 1}(); }`);
  lines.push(`function f${length}() { ${last} }`);
  lines.push('export async function handler(db) {', '  const a = await db.load(f0());', '  const b = await db.find(x);', '  return [a, b];', '}', '');
  return lines.join('\n');
}

/** @param {string} text */
const lint = (text) => new Linter().verify(text, config, 'chain.js').map((message) => message.ruleId);

describe('robustness: a long chain of local functions', () => {
  it('lints a file of 3,000 functions each calling the next, without overflowing the stack', () => {
    assert.doesNotThrow(() => lint(chain(3000, 'return 1;')));
  });

  it('past the depth bound the chain is unknown: the two reads stay in order', () => {
    // Short enough to read to the end: it computes only, so the reads may run together.
    assert.deepEqual(lint(chain(10, 'return 1;')), ['unblock/no-await-waterfall']);
    // Too long to read: the end may write `x`, which the second read reads.
    assert.deepEqual(lint(chain(MAX_LOCAL_CALL_DEPTH + 10, 'return 1;')), []);
  });

  it('a write found within the bound still orders the pair', () => {
    assert.deepEqual(lint(chain(MAX_LOCAL_CALL_DEPTH - 10, 'x = 1;')), []);
  });
});
