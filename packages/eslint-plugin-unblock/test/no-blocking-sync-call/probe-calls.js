/**
 * Runs an analysis function on each call of a `…Sync` function in a snippet, through ESLint's own
 * parser and scopes, as the rule would: the unit tests of the cost model feed it synthetic shapes.
 */
import { Linter } from 'eslint';

/**
 * @template T
 * @param {string} code
 * @param {(sourceCode: import('eslint').SourceCode, node: any, name: string) => T} analyse
 * @returns {T[]} one result per call, in source order
 */
export function analyseSyncCalls(code, analyse) {
  /** @type {T[]} */
  const results = [];
  const probe = {
    create(/** @type {import('eslint').Rule.RuleContext} */ context) {
      return {
        CallExpression(/** @type {any} */ node) {
          const callee = node.callee.type === 'MemberExpression' ? node.callee.property : node.callee;
          if (callee.type === 'Identifier' && callee.name.endsWith('Sync')) results.push(analyse(context.sourceCode, node, callee.name));
        },
      };
    },
  };
  const linter = new Linter();
  const messages = linter.verify(code, [{ plugins: { probe: { rules: { calls: probe } } }, languageOptions: { ecmaVersion: 'latest', sourceType: 'module' }, rules: { 'probe/calls': 'error' } }]);
  if (messages.some((message) => message.fatal)) throw new Error(messages[0].message);
  return results;
}
