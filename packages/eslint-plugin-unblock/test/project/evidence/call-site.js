/**
 * Builds the call site an evidence source is asked about, from a small
 * module: the call is the one `target` returns. Code is parsed with
 * oxc-parser, as imported files are, and names are read as body-reader.js
 * reads them (declared inside the function, what they hold: local-kinds.js).
 */
import assert from 'node:assert/strict';
import { parseSync, visitorKeys } from 'oxc-parser';
import { unwrap, walk } from '../../../rules/language/syntax/ast.js';
import { createModuleView } from '../../../rules/project/modules/module-view.js';
import { valueOfName } from '../../../rules/project/modules/module-values.js';
import { callSiteOf, evidenceOfCall } from '../../../rules/project/callees/call-evidence.js';
import { declaredNames } from '../../../rules/project/callees/declared-names.js';
import { localKindsOf } from '../../../rules/project/callees/local-kinds.js';

/**
 * @param {string} code a module declaring a function `target` with one `return <call>`
 */
export function siteOf(code) {
  const { program } = parseSync('/virtual/module.js', code, { range: true, preserveParens: false });
  const view = createModuleView('/virtual/module.js', program);
  const target = /** @type {any} */ (valueOfName(view, 'target'));
  assert.equal(target?.type, 'function', 'the module declares a function named target');
  /** @type {any} */
  let call = null;
  walk(target.fn.body, visitorKeys, (node) => {
    if (node.type === 'ReturnStatement' && node.argument) call ??= unwrap(node.argument.type === 'AwaitExpression' ? node.argument.argument : node.argument);
    return call === null;
  });
  assert.ok(call, 'target returns a call');
  const declared = declaredNames(target.fn, visitorKeys);
  const context = { view, classNode: null, objectNode: null, isShadowed: (/** @type {string} */ name) => declared.has(name) };
  const localKind = localKindsOf(target.fn, visitorKeys, context);
  return { site: callSiteOf(call, context, localKind), evidence: () => evidenceOfCall(call, context, localKind) };
}

/**
 * What one source says about the call `target` returns.
 * @param {import('../../../rules/project/body-calls/call-effect.js').EvidenceSource} source
 * @param {string} code
 */
export function sourceSays(source, code) {
  return source.evidenceOf(siteOf(code).site);
}
