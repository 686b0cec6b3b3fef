/**
 * Whether a blocking call blocks for long enough to report: not when a
 * callback makes it asynchronous, and not when it is cheap (`existsSync`, a few
 * random bytes, a compressed literal: call-cost.js) unless `includeCheap` is set.
 * The size of a `randomBytes` call is read from constants here or in imported
 * modules and, when it is a parameter, from what every caller in the project passes.
 */
import { getStaticValue } from '@eslint-community/eslint-utils';
import { getProjectIndex } from '../project/index.js';
import { numbersPassedFor } from '../project/callers/argument-values.js';
import { bufferLength } from './input-size.js';
import { callCost, wholeCallMs } from './call-cost.js';

/** Milliseconds of main thread a call may take and still count as cheap: about what an EC signature takes. */
const CHEAP_MS = 0.1;

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @typedef {import('./blocking-apis.js').BlockingApi} BlockingApi
 * @typedef {{ includeCheap: boolean, smallRandomSize: number }} SizeOptions
 * @typedef {import('../project/callers/reachability.js').LintedTree} LintedTree
 */

/**
 * False for calls that are not blocking at all (a callback was passed) or
 * cheap enough not to matter unless `includeCheap` is set.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 * @param {BlockingApi} api
 * @param {SizeOptions} options
 * @param {string} filename
 * @param {LintedTree} linted
 */
export function blocksForAWhile(sourceCode, node, api, options, filename, linted) {
  const args = node.arguments;
  if (api.when === 'withoutCallback') {
    const last = args.at(-1);
    // No arguments throws; a spread hides whether a callback is there.
    if (!last || last.type === 'SpreadElement') return false;
    if (last.type === 'FunctionExpression' || last.type === 'ArrowFunctionExpression') return false;
    // randomBytes(size, cb): a second argument can only be the callback.
    if (api.name === 'randomBytes' && args.length >= 2) return false;
    // randomInt(max, cb) and randomInt(min, max) look alike; a non-number last argument is a callback.
    if (api.name === 'randomInt' && last.type === 'Identifier' && !isNumber(sourceCode, last)) return false;
  }
  if (options.includeCheap) return true;
  if (api.cost === 'cheap') return false;
  // A key derivation whose arguments make it take under a tenth of a millisecond (`pbkdf2Sync(p, s, 100, 32,
  // 'sha256')`), or the compression of a short literal, stalls the loop no longer than an EC signature,
  // which is not reported either.
  const whole = wholeCallMs(callCost(sourceCode, node, api));
  if (whole !== null && whole < CHEAP_MS) return false;
  if (api.sizeArg) {
    const size = workSize(sourceCode, node, api, { filename, linted });
    if (size !== null && size <= options.smallRandomSize) return false;
  }
  return true;
}

/** @param {any} sourceCode @param {any} node */
function isNumber(sourceCode, node) {
  const value = getStaticValue(node, sourceCode.getScope(node));
  return value !== null && typeof value.value === 'number';
}

/**
 * Bytes of randomness a call asks for, when known statically.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 * @param {BlockingApi} api
 * @param {{ filename: string, linted: LintedTree }} file
 * @returns {number | null}
 */
function workSize(sourceCode, node, api, file) {
  const scope = sourceCode.getScope(node);
  /** @param {any} expression */
  const numberOf = (expression) => {
    const value = expression && expression.type !== 'SpreadElement' ? getStaticValue(expression, scope) : null;
    if (value !== null) return typeof value.value === 'number' ? value.value : null;
    if (expression?.type !== 'Identifier') return null;
    // `randomBytes(TOKEN_BYTES)` with `TOKEN_BYTES = 16` exported by another module.
    return getProjectIndex(sourceCode, file.filename, noNames).constantNumber(expression) ?? largestPassed(expression, scope, file);
  };
  if (api.sizeArg === 'size') return numberOf(node.arguments[0]);
  // randomFillSync(buf, offset, size)
  if (node.arguments.length >= 3) return numberOf(node.arguments[2]);
  return bufferLength(node.arguments[0], numberOf, scope);
}

/**
 * `function token(size) { return randomBytes(size); }`: the largest number
 * the callers in the project pass for that parameter, when every caller
 * passes a constant (`token(16)`, `token(TOKEN_BYTES)`).
 * @param {NodeOf<'Identifier'>} identifier
 * @param {any} scope
 * @param {{ filename: string, linted: LintedTree }} file
 * @returns {number | null}
 */
function largestPassed(identifier, scope, file) {
  let variable = null;
  for (let s = scope; s && !variable; s = s.upper) variable = s.set.get(identifier.name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : null;
  if (def?.type !== 'Parameter' || variable.references.some((/** @type {any} */ reference) => reference.isWrite())) return null;
  const position = def.node.params.indexOf(def.name);
  if (position < 0) return null;
  const numbers = numbersPassedFor(file.filename, def.node, position, file.linted);
  return numbers && numbers.length > 0 ? Math.max(...numbers) : null;
}

/** The blocking-call rule classifies no calls by name: its project index only reads constants. */
const noNames = () => /** @type {const} */ ('unknown');
