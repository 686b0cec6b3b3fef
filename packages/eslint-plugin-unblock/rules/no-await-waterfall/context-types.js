/**
 * The type TypeScript expects an awaited call to have. `const c: Config =
 * await http.get('/c')` infers `get`'s type argument from the annotation:
 * TypeScript gives the operand of an `await` the contextual type
 * `T | PromiseLike<T>` for the `T` the await is expected to produce. Moved
 * into a Promise.all or started on its own line, the call loses that
 * expectation (`T` becomes `unknown`) unless the rewrite restores it.
 */
import { unwrap } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/**
 * Whether a member's call may take its type arguments from the type its await is expected to
 * have, and that type can be written back: only when the await is the value itself (or directly
 * under `satisfies`). Under `as`/`<T>` the rewrite's assertion gives the same type anyway; under
 * `!` or a property access the expected type is not the await's, and `satisfies` would check
 * what the original only inferred.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('./operations.js').AwaitedOperation} member
 * @param {boolean} typescript
 */
export function needsContextType(sourceCode, member, typescript) {
  const call = unwrap(member.awaitNode.argument);
  if (!typescript || (call.type !== 'CallExpression' && call.type !== 'NewExpression') || (call.typeArguments ?? call.typeParameters)) return false;
  // A dropped result (`await f();`) is expected to be nothing in particular.
  if (!member.target) return false;
  const around = expectationAround(member);
  if (around === 'other') return false;
  if (around !== null) return true;
  if (member.form === 'assignment') return declarationOf(sourceCode, member.target) !== UNTYPED;
  return Boolean(member.target.typeAnnotation);
}

/**
 * The text of that expected type, or null when it cannot be named (an assignment to a property,
 * or to a variable whose type comes from its initial value).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('./operations.js').AwaitedOperation} member
 */
export function contextTypeText(sourceCode, member) {
  const around = expectationAround(member);
  if (around && around !== 'other') return sourceCode.getText(around.typeAnnotation);
  if (member.form === 'assignment') return declaredTypeOf(sourceCode, member.target);
  const annotation = member.target.typeAnnotation?.typeAnnotation;
  return annotation ? sourceCode.getText(annotation) : null;
}

/**
 * The call's type arguments may come from a type the rewrite cannot write out: no rewrite.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('./operations.js').AwaitedOperation} member
 * @param {boolean} typescript
 */
export function losesExpectedType(sourceCode, member, typescript) {
  return needsContextType(sourceCode, member, typescript) && contextTypeText(sourceCode, member) === null;
}

/**
 * What stands between the await and its statement: nothing (null), a `satisfies` directly
 * around it, or anything else ('other').
 * @param {import('./operations.js').AwaitedOperation} member
 * @returns {any | 'other' | null}
 */
function expectationAround(member) {
  const parent = member.awaitNode.parent;
  if (parent.type === 'TSSatisfiesExpression') return parent;
  return member.wrapped || member.chained ? 'other' : null;
}

/** A variable declared with neither a type nor a value (`let user;`): TypeScript expects nothing of what is assigned to it. */
const UNTYPED = 'untyped';

/**
 * The declaration an assignment's target variable has: its annotation node, UNTYPED, or null
 * when its type cannot be written here (a property, a pattern, a type inferred from a value).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} target
 * @returns {any | typeof UNTYPED | null}
 */
function declarationOf(sourceCode, target) {
  if (target?.type !== 'Identifier') return null;
  for (let scope = /** @type {any} */ (sourceCode.getScope(target)); scope; scope = scope.upper) {
    const variable = scope.set.get(target.name);
    if (!variable) continue;
    if (variable.defs.length !== 1) return null;
    const [def] = variable.defs;
    const declarator = def.node?.type === 'VariableDeclarator' ? def.node : null;
    const annotation = def.name?.typeAnnotation ?? declarator?.id.typeAnnotation;
    if (annotation) return annotation.typeAnnotation;
    return declarator && declarator.id === def.name && declarator.init === null ? UNTYPED : null;
  }
  return null;
}

/**
 * The annotated type of the variable or parameter an assignment writes, or null.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} target
 */
function declaredTypeOf(sourceCode, target) {
  const declaration = declarationOf(sourceCode, target);
  return declaration && declaration !== UNTYPED ? sourceCode.getText(declaration) : null;
}

/**
 * `operand satisfies T | PromiseLike<T>`: the expectation the await gave the call, written out.
 * @param {string} operand
 * @param {string} type
 */
export function withContextType(operand, type) {
  // A function or conditional type needs parentheses to be one member of a union.
  const member = /=>|\?|\bextends\b|^new\b/.test(type) ? `(${type})` : type;
  return `${operand} satisfies ${member} | PromiseLike<${type}>`;
}

/**
 * Whether the file is TypeScript, where a declared type can steer a call's inference.
 * @param {import('eslint').Rule.RuleContext} context
 */
export function isTypeScript(context) {
  if (/\.[cm]?tsx?$/.test(context.filename)) return true;
  // A JavaScript file has no declared types, whichever parser reads it; a name without an
  // extension (`<input>`) is TypeScript when typescript-eslint parsed it.
  if (/\.[cm]?jsx?$/.test(context.filename)) return false;
  return Boolean(context.sourceCode.parserServices?.esTreeNodeToTSNodeMap);
}
