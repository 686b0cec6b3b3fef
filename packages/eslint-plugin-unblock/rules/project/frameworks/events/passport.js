/**
 * Passport: a strategy's verify callback runs on every authentication it handles (each login, and
 * for a bearer or JWT strategy each request that carries a token), as a route's handler runs per
 * request. Two shapes:
 * - `new LocalStrategy(options, verify)` with the class from a strategy package (`passport-local`,
 *   `passport-jwt`, `@node-saml/passport-saml` …): the last argument, a function or a name of one;
 * - NestJS's `class JwtStrategy extends PassportStrategy(Strategy)` (from `@nestjs/passport`): its
 *   `validate` method, which the strategy calls with what it verified.
 * A strategy made from a package whose name does not say passport is not recognised.
 */
import { unwrap, isFunctionNode } from '../../../language/syntax/ast.js';
import { keyName } from '../../modules/module-view.js';

/** @typedef {import('../routing/framework.js').EntryPoint} EntryPoint */

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'passport',
  registrations(view, call) {
    if (call.type !== 'NewExpression') return [];
    const strategy = strategyPackage(view, call.callee);
    const verify = call.arguments.at(-1);
    if (strategy === null || !verify || !isHandlerArgument(verify)) return [];
    return [{ handler: verify, kind: 'request', label: `${strategy} authentication` }];
  },
  declared(view) {
    /** @type {EntryPoint[]} */
    const entries = [];
    for (const binding of view.bindings.values()) {
      if (binding.kind !== 'class' || !extendsNestStrategy(view, binding.node)) continue;
      const strategy = strategyPackage(view, unwrap(binding.node.superClass).arguments[0]) ?? 'passport';
      for (const member of binding.node.body.body) {
        if (member.type === 'MethodDefinition' && !member.static && keyName(member.key) === 'validate') {
          entries.push({ fn: member.value, kind: 'request', label: `${strategy} authentication (${binding.node.id?.name ?? 'a strategy'}.validate)` });
        }
      }
    }
    return entries;
  },
};

/**
 * The strategy package a class comes from (`passport-local` for `LocalStrategy` required as
 * `require('passport-local').Strategy`, or imported by name, or read off the module's namespace), or null.
 * @param {import('../../modules/module-view.js').ModuleView} view
 * @param {any} node the class expression
 * @returns {string | null}
 */
function strategyPackage(view, node) {
  let root = unwrap(node);
  while (root?.type === 'MemberExpression') root = unwrap(root.object);
  if (root?.type !== 'Identifier') return null;
  const binding = view.bindings.get(root.name);
  if (!binding || (binding.kind !== 'import' && binding.kind !== 'namespace')) return null;
  const source = binding.source ?? '';
  const name = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
  return /(^|\/)passport-[\w.-]+$/.test(name) ? name : null;
}

/**
 * A verify callback as written: a function, or a name or member that names one (`controllers.auth.localLogin`).
 * @param {any} argument
 */
function isHandlerArgument(argument) {
  const node = unwrap(argument);
  return isFunctionNode(node) || node.type === 'Identifier' || node.type === 'MemberExpression';
}

/**
 * `class … extends PassportStrategy(Strategy)`, with PassportStrategy from @nestjs/passport.
 * @param {import('../../modules/module-view.js').ModuleView} view
 * @param {any} classNode
 */
function extendsNestStrategy(view, classNode) {
  const base = unwrap(classNode.superClass);
  if (base?.type !== 'CallExpression') return false;
  const callee = unwrap(base.callee);
  const binding = callee.type === 'Identifier' ? view.bindings.get(callee.name) : undefined;
  return binding?.kind === 'import' && binding.imported === 'PassportStrategy' && binding.source === '@nestjs/passport';
}
