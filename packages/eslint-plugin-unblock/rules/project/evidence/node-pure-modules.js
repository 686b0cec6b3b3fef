/**
 * Node.js modules that only compute: any call into path, url, util and the
 * like touches nothing outside the process and does not wait.
 */
import { PURE, packageOf } from '../body-calls/call-effect.js';

const PURE_NODE_MODULES = new Set(['path', 'url', 'util', 'querystring', 'string_decoder', 'punycode', 'assert', 'buffer', 'os']);

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'node-pure-modules',
  evidenceOf: ({ source }) => (source && PURE_NODE_MODULES.has(packageOf(source)) ? PURE : null),
};
