/**
 * The data of a blocking-call report: the call as the file wrote it, one short
 * reason, and the replacement as the fix would write it. The longer story
 * (the libuv thread pool, its size) is on the rule's docs page.
 */
import { unwrap } from '../../language/syntax/ast.js';
import { kdfCost } from '../kdf-cost.js';
import { durationText } from './duration-text.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/** @type {Record<string, string>} */
const SHORT_REASONS = {
  cpu: 'computes on the main thread and stalls every other request',
  io: 'waits for the disk on the main thread and stalls every other request',
  process: 'blocks the main thread until the child exits',
  cheap: 'runs on the main thread (usually briefly)',
};

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} node the reported call
 * @param {{ module: string, name: string, cost: string, replacement: string }} api
 * @param {string | null} preview the fix's new expression (`await promisify(gzip)(…)`), when there is a fix
 * @returns {{ api: string, why: string, replacement: string }} the shape every blocking message uses
 */
export function blockingData(sourceCode, node, api, preview) {
  const callee = node.type === 'CallExpression' || node.type === 'NewExpression' ? unwrap(node.callee) : node;
  const written = sourceCode.getText(callee).replace(/\s+/g, '');
  // An alias hides which API it is: `derive()` (crypto.pbkdf2Sync).
  const canonical = `${api.module}.${api.name}`;
  const named = written === canonical || written.endsWith(`.${api.name}`) || written === api.name ? `\`${written}()\`` : `\`${written}()\` (${canonical})`;
  // A key derivation says what it costs at the arguments given (`600,000 iterations of SHA-512: about 450 ms`).
  const derivation = api.module === 'crypto' ? kdfCost(sourceCode, node, api.name) : null;
  const cost = derivation ? ` (${derivation.text}: about ${durationText(derivation.ms)} per call)` : null;
  const why = SHORT_REASONS[api.cost] ?? SHORT_REASONS.cheap;
  return {
    api: named,
    why: cost ? why.replace(' on the main thread', ` on the main thread${cost}`) : why,
    // The fix's own words when the table only names the async form; the
    // table's advice when it says more (a small read is best cached).
    // An empty argument list would read as "call it with nothing".
    replacement: preview && api.replacement.startsWith('await ') ? preview : api.replacement.replace(/\(\)/g, '(…)'),
  };
}
