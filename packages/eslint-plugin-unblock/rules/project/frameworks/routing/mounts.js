/**
 * Routers mounted under a path: `app.use('/api', articles)`, `router.use('/v2', auth, shop)`,
 * `app.use('/api', require('./routes/articles'))`, Koa-router's `router.use('/v2', shop.routes())`
 * and `new Router({ prefix: '/v2' })`, and Fastify's `fastify.register(routes, { prefix: '/v2' })`. What one call mounts, and which router an expression names,
 * read from the module alone (and the modules it imports); ../../callers/route-prefix.js follows the
 * mounts across the project to the full path a route is served at.
 *
 * A router is known by where it was made: the start of the initialiser of the binding that holds it
 * (`const shop = express.Router()`, at module level or in a function), in its file; a Fastify plugin's
 * instance by where the plugin function starts. The registration
 * (routers.js) and the mount find the same place from either side, whatever parser read the module.
 */
import { unwrap, propertyName, isFunctionNode } from '../../../language/syntax/ast.js';
import { keyName, requireSource } from '../../modules/module-view.js';
import { importedModule, valueOfName, valueOfNode, MAX_HOPS } from '../../modules/module-values.js';
import { madeByPackages, memberCall, isRouterObject, isFirstParameter } from './routers.js';

/**
 * @typedef {import('../../modules/module-view.js').ModuleView} ModuleView
 * @typedef {import('../../../language/syntax/ast.js').Node} Node
 *
 * @typedef {{ file: string, at: number }} RouterPlace  where a router was made
 *
 * @typedef {object} NameScope  what a name means where a call is made
 * @property {(name: string) => boolean} isLocal  declared in the function around the call or one around it
 * @property {(name: string) => any} localInit  the initialiser of such a local variable (undefined: none)
 * @property {(name: string) => any} localConstant  the initialiser of such a local `const` (undefined: none)
 * @property {(name: string) => any} ownerOf  the function that declares such a local name (null: none)
 *
 * @typedef {object} Mount  one `use` call that mounts handlers under a path
 * @property {string | null} prefix  the path as written ('' when none is given), null when it is computed
 * @property {Node} receiver  the app or router mounted on
 * @property {Node[]} mounted  the arguments mounted there (any of them may be a router)
 * @property {boolean} [plugin]  they are Fastify plugins (functions), not routers
 */

/** Packages whose routers mount other routers with `use(path, router)`. */
export const MOUNT_PACKAGES = new Set(['express', 'koa-router', '@koa/router']);
/** Packages whose instances mount plugins with `register(plugin, { prefix })`. */
const PLUGIN_PACKAGES = new Set(['fastify']);
/** Packages that make an app, router or instance something can be mounted on. */
const MADE_BY = new Set([...MOUNT_PACKAGES, ...PLUGIN_PACKAGES]);

/**
 * What a call mounts: a router (`use`) or a Fastify plugin (`register`), or null.
 * @param {ModuleView} view
 * @param {any} call
 * @param {NameScope} scope
 * @returns {Mount | null}
 */
export function mountOf(view, call, scope) {
  return routerMountOf(view, call, scope) ?? pluginMountOf(view, call, scope);
}

/**
 * `fastify.register(plugin, { prefix: '/v2' })`: the plugin, under its prefix ('' without one, null
 * when it is computed or the options are not an object written there).
 * @param {ModuleView} view
 * @param {any} call
 * @param {NameScope} scope
 * @returns {Mount | null}
 */
function pluginMountOf(view, call, scope) {
  const member = memberCall(call);
  if (member?.method !== 'register' || call.arguments.length === 0) return null;
  if (!isRouterObject(view, member.receiver, scope.localInit, PLUGIN_PACKAGES)) return null;
  const options = call.arguments.length > 1 ? unwrap(call.arguments[1]) : null;
  const prefix = options === null ? '' : prefixOption(view, options, scope);
  return { prefix, receiver: member.receiver, mounted: [call.arguments[0]], plugin: true };
}

/**
 * What a `use` call on an Express app or router or a Koa router mounts, or null for any other call.
 * @param {ModuleView} view
 * @param {any} call
 * @param {NameScope} scope
 * @returns {Mount | null}
 */
function routerMountOf(view, call, scope) {
  const member = memberCall(call);
  if (member?.method !== 'use' || call.arguments.length === 0) return null;
  if (!isRouterObject(view, member.receiver, scope.localInit, MOUNT_PACKAGES)) return null;
  const [first, ...rest] = call.arguments;
  const prefix = constantText(view, first, scope);
  if (prefix !== null) return { prefix, receiver: member.receiver, mounted: rest };
  // `app.use(shop)`, `app.use(auth, shop)`: no path, everything is mounted at the root. Any other first
  // argument may be a path computed at run time (`app.use(base, shop)`, `app.use(root || '/', shop)`).
  const atRoot = call.arguments.length === 1 || isFunctionNode(unwrap(first)) || routerNamed(view, first, scope) !== null || namesFunction(view, first, scope);
  return atRoot ? { prefix: '', receiver: member.receiver, mounted: call.arguments } : { prefix: null, receiver: member.receiver, mounted: rest };
}

/**
 * Whether an expression names a function (`auth` in `app.use(auth, shop)`): a middleware, not a path.
 * @param {ModuleView} view
 * @param {Node} expression
 * @param {NameScope} scope
 */
function namesFunction(view, expression, scope) {
  const node = unwrap(expression);
  if (node?.type !== 'Identifier') return false;
  if (scope.isLocal(node.name)) return isFunctionNode(unwrap(scope.localInit(node.name)));
  return valueOfName(view, node.name)?.type === 'function';
}

/**
 * The text an expression always holds: a string literal, a template with no expressions, or a `const`
 * bound to one (in a function around the call, at module level, or imported). Null otherwise.
 * @param {ModuleView} view
 * @param {Node} expression
 * @param {NameScope} scope
 * @returns {string | null}
 */
export function constantText(view, expression, scope) {
  const node = unwrap(expression);
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked ?? null;
  if (node?.type !== 'Identifier') return null;
  if (scope.isLocal(node.name)) {
    const init = scope.localConstant(node.name);
    return init === undefined || init === null || unwrap(init)?.type === 'Identifier' ? null : constantText(view, init, scope);
  }
  const value = valueOfName(view, node.name);
  return value?.type === 'string' ? value.text : null;
}

/**
 * The router an expression names: a binding made by the framework (`shop`), one imported or required
 * from the module that exports it (`require('./shop')`, `import shop from './shop'`), or a Koa router's
 * middleware (`shop.routes()`). Null for anything else.
 * @param {ModuleView} view
 * @param {Node} expression
 * @param {NameScope} scope
 * @returns {RouterPlace | null}
 */
export function routerNamed(view, expression, scope) {
  let node = unwrap(expression);
  // `shop.routes()`, `shop.middleware()`: the Koa router's own middleware.
  const callee = node?.type === 'CallExpression' && node.arguments.length === 0 ? unwrap(node.callee) : null;
  if (callee?.type === 'MemberExpression' && KOA_MIDDLEWARE.has(propertyName(callee) ?? '')) node = unwrap(callee.object);
  const required = requireSource(node);
  if (required !== null) return exportedRouter(view, required, 'default', 0);
  if (node?.type !== 'Identifier') return null;
  if (!scope.isLocal(node.name)) return routerOfName(view, node.name, 0);
  const init = scope.localInit(node.name);
  if (init === undefined || init === null) return null;
  const localRequire = requireSource(unwrap(init));
  return localRequire !== null ? exportedRouter(view, localRequire, 'default', 0) : routerMadeAt(view, init);
}

/** The methods of a Koa router that give its middleware. */
const KOA_MIDDLEWARE = new Set(['routes', 'middleware']);

/**
 * Where an initialiser makes a router (or app), or null when it makes none.
 * @param {ModuleView} view
 * @param {Node} init
 * @returns {RouterPlace | null}
 */
export function routerMadeAt(view, init) {
  const node = unwrap(init);
  return node && madeByPackages(view, node, MADE_BY) ? { file: view.file, at: node.range[0] } : null;
}

/**
 * What a mount is made on: an app or router a binding names (routerNamed), or the instance a Fastify
 * plugin is handed (its first parameter), known by the plugin's place.
 * @param {ModuleView} view
 * @param {Node} receiver
 * @param {NameScope} scope
 * @returns {RouterPlace | null}
 */
export function receiverNamed(view, receiver, scope) {
  const named = routerNamed(view, receiver, scope);
  if (named) return named;
  const node = unwrap(receiver);
  const owner = node?.type === 'Identifier' && scope.isLocal(node.name) ? scope.ownerOf(node.name) : null;
  return owner && isFirstParameter(owner, node.name) ? { file: view.file, at: owner.range[0] } : null;
}

/**
 * The function an expression names, as a plugin's place: written there, a local or module-level
 * function, an imported one, or the function a required module exports (`require('./routes')`).
 * @param {ModuleView} view
 * @param {Node} expression
 * @param {NameScope} scope
 * @returns {RouterPlace | null}
 */
export function pluginNamed(view, expression, scope) {
  const node = unwrap(expression);
  if (isFunctionNode(node)) return { file: view.file, at: node.range[0] };
  if (node?.type === 'Identifier' && scope.isLocal(node.name)) {
    const init = unwrap(scope.localInit(node.name));
    return isFunctionNode(init) ? { file: view.file, at: init.range[0] } : null;
  }
  const value = node?.type === 'Identifier' || requireSource(node) !== null ? valueOfNode(view, node, 0) : null;
  return value?.type === 'function' ? { file: value.view.file, at: value.fn.range[0] } : null;
}

/**
 * The router a module-level name holds: made here, or imported.
 * @param {ModuleView} view
 * @param {string} name
 * @param {number} hops
 * @returns {RouterPlace | null}
 */
function routerOfName(view, name, hops) {
  const binding = view.bindings.get(name);
  if (!binding || hops > MAX_HOPS) return null;
  if (binding.kind === 'value') return binding.member === undefined ? routerMadeAt(view, binding.node) : null;
  if (binding.kind === 'import') return exportedRouter(view, binding.source ?? '', binding.imported ?? 'default', hops + 1);
  // `const shop = require('./shop')` with `module.exports = router`.
  if (binding.kind === 'namespace' && binding.required) return exportedRouter(view, binding.source ?? '', 'default', hops + 1);
  return null;
}

/**
 * The router a module imported by `specifier` exports under `name`.
 * @param {ModuleView} view
 * @param {string} specifier
 * @param {string} name
 * @param {number} hops
 * @returns {RouterPlace | null}
 */
function exportedRouter(view, specifier, name, hops) {
  const module = hops > MAX_HOPS ? null : importedModule(view, specifier);
  if (!module) return null;
  const entry = module.exports.get(name);
  if (entry?.source) return exportedRouter(module, entry.source, entry.imported ?? name, hops + 1);
  if (entry?.local) return routerOfName(module, entry.local, hops + 1);
  if (entry) return null;
  // `module.exports = require('./shop')`, `export * from './shop'` (which passes on no default).
  if (name === 'default' && !module.commonJs) return null;
  for (const source of module.exportAllFrom) {
    const found = exportedRouter(module, source, name, hops + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A Koa router's own prefix: `new Router({ prefix: '/v2' })`. '' when it is given none, null when
 * it is computed.
 * @param {ModuleView} view
 * @param {Node} init the router's initialiser
 * @param {NameScope} scope
 * @returns {string | null}
 */
export function ownPrefix(view, init, scope) {
  const node = unwrap(init);
  const options = node?.type === 'NewExpression' ? unwrap(node.arguments[0]) : null;
  return options?.type === 'ObjectExpression' ? prefixOption(view, options, scope) : '';
}

/**
 * The `prefix` an options object gives: '' for none, null when it is computed or may come from a spread
 * or from an object not written there.
 * @param {ModuleView} view
 * @param {any} options
 * @param {NameScope} scope
 * @returns {string | null}
 */
function prefixOption(view, options, scope) {
  if (options.type !== 'ObjectExpression') return null;
  const field = options.properties.find((/** @type {any} */ p) => p.type === 'Property' && !p.computed && keyName(p.key) === 'prefix');
  if (!field) return options.properties.some((/** @type {any} */ p) => p.type === 'SpreadElement') ? null : '';
  return constantText(view, field.value, scope);
}

/**
 * A path joined under a prefix, as Express and Koa-router join them: `/api` and `/articles` give
 * `/api/articles`, `/api/` and `/x` give `/api/x`, `/` and `/x` give `/x`, `/api` and `/` give `/api`.
 * @param {string} prefix
 * @param {string} path
 */
export function joinPaths(prefix, path) {
  const head = prefix.replace(/\/+$/, '');
  if (path === '' || path === '/') return head === '' ? '/' : head;
  return `${head}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * Two prefixes joined, outer first: `/shop` and `/v2/` give `/shop/v2`; '' (no prefix) leaves the other as it is.
 * @param {string} outer
 * @param {string} inner
 */
export function joinPrefixes(outer, inner) {
  if (inner === '' || inner === '/') return outer;
  return joinPaths(outer, inner).replace(/(.)\/+$/, '$1');
}
