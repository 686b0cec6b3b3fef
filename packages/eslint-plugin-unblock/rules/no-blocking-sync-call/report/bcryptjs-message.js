/**
 * The bcryptjs message: what one hash costs at the call's cost factor, and why bcryptjs's own
 * async form is no cure. `bcryptjs.hash()` runs the same JavaScript on the main thread and
 * yields only after each 100 ms of work (its MAX_EXECUTION_TIME), so at the usual cost factors
 * (10 to 12) a hash still blocks in one piece, or 100 ms at a time, and takes as long: the
 * switch made a login route slower under load on a test app. What helps is native `bcrypt`
 * (the same hash, on the libuv thread pool) or a worker thread.
 */
import { getStaticValue } from '@eslint-community/eslint-utils';
import { durationText } from './duration-text.js';

/** Milliseconds one bcryptjs hash takes at cost factor 10 (measured on this project's 2-core machine). */
const MS_AT_COST_10 = 100;
/** What bcryptjs's async form computes before it yields (`MAX_EXECUTION_TIME` in bcryptjs). */
const SLICE_MS = 100;
/** The cost factor bcryptjs uses when none is given (`GENSALT_DEFAULT_LOG2_ROUNDS`). */
const DEFAULT_COST = 10;

/**
 * The cost factor of one bcryptjs call, when the call shows it: a number or a `$2a$`/`$2b$`/`$2y$`
 * salt or hash given as a literal or a constant, or no salt at all (bcryptjs then uses 10).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {{ node: any, api: import('../package-apis.js').PackageApi }} call
 * @returns {number | null}
 */
export function bcryptCostFactor(sourceCode, { node, api }) {
  const which = api.path[0].replace(/Sync$/, '');
  const argument = which === 'genSalt' ? node.arguments[0] : node.arguments[1];
  // No salt (or only a callback after the password): bcryptjs draws one at its default cost.
  if (!argument || argument.type === 'ArrowFunctionExpression' || argument.type === 'FunctionExpression') return which === 'compare' ? null : DEFAULT_COST;
  if (argument.type === 'SpreadElement') return null;
  const value = getStaticValue(argument, sourceCode.getScope(node))?.value;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 4 && value <= 31) return value;
  if (typeof value === 'string' && which !== 'genSalt') {
    const match = /^\$2[abxy]?\$(\d\d)\$/.exec(value);
    if (match) return Number(match[1]);
  }
  return null;
}

/**
 * The message data of a bcryptjs hash or compare report (sync or async): `cost` and `slices` are
 * the two clauses that depend on the cost factor.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {{ node: any, api: import('../package-apis.js').PackageApi }} call
 * @param {string} apiName `bcryptjs.hashSync`
 * @returns {Record<string, string>}
 */
export function bcryptjsData(sourceCode, call, apiName) {
  const { api } = call;
  const cost = bcryptCostFactor(sourceCode, call);
  const asyncForm = `${apiName.replace(/\.[^.]+$/, '')}.${api.async}()`;
  if (cost === null) {
    return {
      api: apiName,
      why: api.why,
      cost: ` (about ${MS_AT_COST_10} ms at cost factor 10, twice as long for each step up)`,
      asyncForm,
      slices: ', so at the usual cost factors (10 to 12) a hash still blocks in one piece or 100 ms at a time',
      replacement: api.replacement,
    };
  }
  const ms = MS_AT_COST_10 * 2 ** (cost - 10);
  return {
    api: apiName,
    why: api.why,
    cost: ` (cost factor ${cost}: about ${durationText(ms)} per ${api.path[0].startsWith('compare') ? 'check' : 'hash'})`,
    asyncForm,
    slices:
      ms <= SLICE_MS
        ? `, so at cost factor ${cost} a hash still blocks in one piece`
        : `, so at cost factor ${cost} the event loop still stalls ${SLICE_MS} ms at a time, and the hash takes as long`,
    replacement: api.replacement,
  };
}
