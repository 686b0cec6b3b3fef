/**
 * The repository's internal ESLint plugin (as typescript-eslint keeps its own): rules that hold
 * this repository's code to its own structure, used by eslint.config.js only, never published.
 */
import layers from './eslint-rule.js';

export default { meta: { name: 'internal' }, rules: { layers } };
