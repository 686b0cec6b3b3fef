/**
 * What the routing frameworks share: whether a receiver is an app, router or
 * server made by one of a framework's packages, the path a registration names,
 * and the two registration shapes (`app.post(path, ...handlers)` and
 * `server.route({ method, path, handler })`). Each framework module names its
 * own packages and the shapes it accepts.
 */
import { unwrap, propertyName, isFunctionNode } from '../../../language/syntax/ast.js';
import { keyName } from '../../modules/module-view.js';
import { resolveImport } from '../../modules/resolve-import.js';
import { loadModule } from '../../modules/module-cache.js';
import { closedByOwnRoute } from './one-time-server.js';
import { HTTP_METHODS } from './http-methods.js';
import { dependsOnAny } from '../../workspace/dependencies.js';

/**
 * @typedef {import('../../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../../language/syntax/ast.js').CallNode} CallNode
 */

/**
 * @typedef {import('../../modules/module-view.js').ModuleView} ModuleView
 * @typedef {import('./framework.js').Registration} Registration
 */

/**
 * Whether a receiver object comes from one of `packages`: a binding made by a
 * call into one (`express()`, `express.Router()`, `fastify()`), an import of
 * one's router, or, for a name no code here initialises, a conventional name
 * (`app`, `router`, `server`) in a file that imports one or a package that depends on one.
 * @param {ModuleView} view
 * @param {Node} receiver
 * @param {(name: string) => any} localInit the initialiser of a local binding, if any
 * @param {ReadonlySet<string>} packages
 */
export function isRouterObject(view, receiver, localInit, packages) {
  const node = unwrap(receiver);
  if (node?.type !== 'Identifier') return false;
  const init = localInit(node.name) ?? bindingInit(view, node.name);
  // A name nothing here initialises (a parameter, `const { server } = options`): by its conventional name, where
  // the file imports the framework or its package depends on it (a Hapi plugin handed the `server`).
  if (init === null || init === undefined) return /^(app|router|server|fastify|api)$/i.test(node.name) && (importsAny(view, packages) || dependsOnAny(view.file, packages));
  return madeByPackages(view, init, packages);
}

/**
 * Whether an initialiser makes an app, router or server with one of `packages`: a call or `new` whose
 * callee is rooted in a name imported from one (`express()`, `express.Router()`, `new Router()`).
 * @param {ModuleView} view
 * @param {Node} init
 * @param {ReadonlySet<string>} packages
 */
export function madeByPackages(view, init, packages) {
  let node = unwrap(init);
  // `const imageRouter = module.exports = Router()`: the name holds what the assignment does.
  while (node?.type === 'AssignmentExpression' && node.operator === '=') node = unwrap(node.right);
  let call = node?.type === 'NewExpression' || node?.type === 'CallExpression' ? node : null;
  while (call) {
    const callee = unwrap(call.callee);
    let root = callee;
    while (root.type === 'MemberExpression') root = unwrap(root.object);
    if (root.type === 'Identifier' && isFromPackages(view, root.name, packages)) return true;
    if (root.type === 'CallExpression') call = root;
    else call = null;
  }
  return false;
}

/**
 * Whether the module imports one of `packages`.
 * @param {ModuleView} view
 * @param {ReadonlySet<string>} packages
 */
export function importsAny(view, packages) {
  for (const binding of view.bindings.values()) {
    if ((binding.kind === 'import' || binding.kind === 'namespace') && packages.has(binding.source ?? '')) return true;
  }
  return false;
}

/**
 * Whether a name is imported from one of `packages`. A project module that
 * itself imports one (a `shared/express.js` wrapping `express()`) counts as it.
 * @param {ModuleView} view
 * @param {string} name
 * @param {ReadonlySet<string>} packages
 */
export function isFromPackages(view, name, packages) {
  const binding = view.bindings.get(name);
  if (!binding || (binding.kind !== 'import' && binding.kind !== 'namespace')) return false;
  const source = binding.source ?? '';
  if (!source.startsWith('.')) return packages.has(source);
  const file = resolveImport(view.file, source);
  const wrapped = file ? loadModule(file) : null;
  return wrapped !== null && importsAny(wrapped, packages);
}

/**
 * @param {ModuleView} view
 * @param {string} name
 */
function bindingInit(view, name) {
  const binding = view.bindings.get(name);
  return binding?.kind === 'value' ? binding.node : undefined;
}

/**
 * The route path of a registration's first argument, as written.
 * @param {Node} argument
 * @returns {string | null}
 */
export function routePath(argument) {
  const node = unwrap(argument);
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') return node.quasis.map((/** @type {any} */ q) => q.value.cooked).join(':param');
  return null;
}

/**
 * The receiver and method name of `receiver.method(…)`, or null.
 * @param {CallNode} call
 */
export function memberCall(call) {
  if (call.type !== 'CallExpression') return null;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return null;
  const method = propertyName(callee);
  return method === null ? null : { receiver: callee.object, method };
}

/**
 * @typedef {object} RouteShapes
 * @property {boolean} [plugins]  routes are also registered on the instance a plugin is handed (Fastify's
 *   `async function routes(fastify) { fastify.get(…) }`), which `register(routes, { prefix })` mounts
 */

/**
 * Recognises `app.post('/login', auth, handler)` and `app.use(mw)` on an
 * object made by one of `packages`: every argument after the path is a handler.
 * @param {ReadonlyArray<string>} packageList
 * @param {RouteShapes} [shapes]
 * @returns {import('./framework.js').Framework['registrations']}
 */
export function methodRoutes(packageList, shapes = {}) {
  const packages = new Set(packageList);
  return (view, call, scope) => {
    const member = memberCall(call);
    if (!member || !HTTP_METHODS.has(member.method.toLowerCase()) || !isRouterObject(view, member.receiver, scope.localInit, packages)) return [];
    const { method } = member;
    const path = routePath(call.arguments[0]);
    // `router.get(config.path, handler)`: a path known only at run time is said to be one.
    const computed = path === null && method !== 'use' && call.arguments.length > 1 && !isFunctionNode(unwrap(call.arguments[0]));
    const label = `${method === 'use' ? 'middleware' : method.toUpperCase()}${path ? ` ${path}` : computed ? ' with a computed path' : ''}`;
    const kind = kindOfRoutes(scope, member.receiver);
    // Where its router was made, so that a mount of that router (`app.use('/api', router)`) can put its prefix
    // before the path (../../callers/route-prefix.js); a computed path has none to put it before.
    const at = computed ? null : receiverMadeAt(view, member.receiver, scope, packages, shapes);
    const router = at === null ? {} : { router: { at, path: path ?? '' } };
    return call.arguments.slice(path === null && !computed ? 0 : 1).map((/** @type {any} */ handler) => ({ handler, kind, label, ...router }));
  };
}

/**
 * Where the router a registration is made on was made: the start of the initialiser of the binding
 * that names it, at module level or in a function around the call, when a call into one of `packages`
 * made it; for a framework with plugins, the start of the plugin whose first parameter it is. Null
 * for a router handed in any other way or named any other way.
 * @param {ModuleView} view
 * @param {Node} receiver
 * @param {import('./framework.js').CallScope} scope
 * @param {ReadonlySet<string>} packages
 * @param {RouteShapes} shapes
 * @returns {number | null}
 */
function receiverMadeAt(view, receiver, scope, packages, shapes) {
  const node = unwrap(receiver);
  if (node?.type !== 'Identifier') return null;
  const owner = scope.ownerOf(node.name);
  const local = owner !== view.program;
  const init = unwrap(local ? scope.localInit(node.name) : bindingInit(view, node.name));
  if (init) return madeByPackages(view, init, packages) ? init.range[0] : null;
  return shapes.plugins && local && isFirstParameter(owner, node.name) ? owner.range[0] : null;
}

/**
 * Whether a name is a function's first parameter: the instance a Fastify plugin is handed.
 * @param {any} fn
 * @param {string} name
 */
export function isFirstParameter(fn, name) {
  const first = unwrap(fn?.params?.[0]);
  return first?.type === 'Identifier' && first.name === name;
}

/**
 * Recognises `server.route({ method: 'GET', path: '/x', handler })` (Hapi;
 * `url` in Fastify) on an object made by one of `packages`.
 * @param {ReadonlyArray<string>} packageList
 * @param {RouteShapes} [shapes]
 * @returns {import('./framework.js').Framework['registrations']}
 */
export function routeOptions(packageList, shapes = {}) {
  const packages = new Set(packageList);
  return (view, call, scope) => {
    const member = memberCall(call);
    if (member?.method !== 'route' || !isRouterObject(view, member.receiver, scope.localInit, packages)) return [];
    const options = unwrap(call.arguments[0]);
    if (options?.type !== 'ObjectExpression') return [];
    const field = (/** @type {string} */ name) => options.properties.find((/** @type {any} */ p) => p.type === 'Property' && keyName(p.key) === name)?.value;
    const handler = field('handler');
    const httpMethod = unwrap(field('method'));
    const verb = httpMethod?.type === 'Literal' ? String(httpMethod.value).toUpperCase() : 'ROUTE';
    const pathField = field('url') ?? field('path');
    const path = routePath(pathField);
    // `path: prefix + '/x'`: a path known only at run time is said to be one, as methodRoutes says it.
    const label = path !== null ? `${verb} ${path}` : pathField ? `${verb} with a computed path` : verb;
    const at = path === null ? null : receiverMadeAt(view, member.receiver, scope, packages, shapes);
    const router = at === null ? {} : { router: { at, path: path ?? '' } };
    return handler ? [{ handler, kind: kindOfRoutes(scope, member.receiver), label, ...router }] : [];
  };
}

/**
 * Routes serve requests, unless their server is a one-time server one of them closes (one-time-server.js).
 * @param {import('./framework.js').CallScope} scope
 * @param {Node} receiver
 * @returns {'request' | 'startup'}
 */
function kindOfRoutes(scope, receiver) {
  const node = unwrap(receiver);
  return node?.type === 'Identifier' && closedByOwnRoute(scope, node.name) ? 'startup' : 'request';
}
