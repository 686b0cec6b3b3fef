/**
 * Where requests and jobs enter a project, recognised by the frameworks'
 * real APIs: route registrations on an Express/Koa router or a Fastify or
 * Hapi server created from that package, NestJS controller methods, Next.js
 * route handlers, GraphQL resolver maps, and BullMQ/Bull workers. Also what
 * runs once when a server starts: `listen` callbacks.
 */
import { unwrap, isFunctionNode, propertyName } from '../../core/syntax/ast.js';
import { keyName } from '../modules/module-view.js';
import { resolveImport } from '../modules/resolve-import.js';
import { loadModule } from '../modules/module-cache.js';

/** Packages whose app, router or server objects register routes. */
const ROUTER_PACKAGES = new Set(['express', 'koa-router', '@koa/router', 'fastify', '@hapi/hapi', 'hapi', 'restify', 'polka', 'hono', 'h3']);
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options', 'all', 'use']);
const NEST_METHOD_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'Head', 'Options', 'MessagePattern', 'EventPattern', 'Process', 'Cron', 'Query', 'Mutation', 'ResolveField', 'Subscription']);
const NEXT_ROUTE_EXPORTS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const QUEUE_PACKAGES = new Set(['bullmq', 'bull', 'bee-queue', 'pg-boss', 'agenda']);

/**
 * @typedef {object} EntryPoint
 * @property {any} fn            the function that runs per request or job (or at start-up)
 * @property {'request' | 'startup'} kind
 * @property {string} label      `POST /login`, `GraphQL Query.user`, `queue worker`, `listen callback`
 */

/**
 * Whether a receiver object comes from a routing package: a binding made by
 * a call into one (`express()`, `express.Router()`, `fastify()`), an import
 * of one's router, or a Fastify plugin's `fastify` parameter.
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {any} receiver
 * @param {(name: string) => any} localInit the initialiser of a local binding, if any
 */
function isRouterObject(view, receiver, localInit) {
  const node = unwrap(receiver);
  if (node?.type !== 'Identifier') return false;
  const init = unwrap(localInit(node.name) ?? bindingInit(view, node.name));
  if (init === null || init === undefined) return /^(app|router|server|fastify|api)$/i.test(node.name) && importsRouterPackage(view);
  let call = init.type === 'NewExpression' || init.type === 'CallExpression' ? init : null;
  while (call) {
    const callee = unwrap(call.callee);
    let root = callee;
    while (root.type === 'MemberExpression') root = unwrap(root.object);
    if (root.type === 'Identifier' && ROUTER_PACKAGES.has(packageOf(view, root.name) ?? '')) return true;
    if (root.type === 'CallExpression') call = root;
    else call = null;
  }
  return false;
}

/** @param {import('../modules/module-view.js').ModuleView} view */
function importsRouterPackage(view) {
  for (const binding of view.bindings.values()) {
    if ((binding.kind === 'import' || binding.kind === 'namespace') && ROUTER_PACKAGES.has(binding.source ?? '')) return true;
  }
  return false;
}

/**
 * The package a name is imported from. A project module that itself imports
 * a routing package (Ghost's `shared/express.js` wrapping `express()`)
 * counts as that package.
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {string} name
 */
function packageOf(view, name) {
  const binding = view.bindings.get(name);
  if (!binding || (binding.kind !== 'import' && binding.kind !== 'namespace')) return undefined;
  const source = binding.source ?? '';
  if (!source.startsWith('.')) return source;
  const file = resolveImport(view.file, source);
  const wrapped = file ? loadModule(file) : null;
  if (!wrapped) return undefined;
  for (const inner of wrapped.bindings.values()) {
    if ((inner.kind === 'import' || inner.kind === 'namespace') && ROUTER_PACKAGES.has(inner.source ?? '')) return inner.source;
  }
  return undefined;
}

/**
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {string} name
 */
function bindingInit(view, name) {
  const binding = view.bindings.get(name);
  return binding?.kind === 'value' ? binding.node : undefined;
}

/**
 * The route path of a registration's first argument, as written.
 * @param {any} argument
 */
function routePath(argument) {
  const node = unwrap(argument);
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') return node.quasis.map((/** @type {any} */ q) => q.value.cooked).join(':param');
  return null;
}

/**
 * Entry points registered by one call: `app.post('/login', auth, handler)`,
 * `fastify.route({ method, url, handler })`, `server.route({ method, path, handler })`,
 * `new Worker('mail', async (job) => …)`, `queue.process(fn)`, `app.listen(port, cb)`.
 * Function arguments are returned as nodes; named ones as expressions to resolve.
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {any} call
 * @param {(name: string) => any} localInit
 * @returns {Array<{ handler: any, kind: 'request' | 'startup', label: string }>}
 */
export function registrationsOf(view, call, localInit) {
  const callee = unwrap(call.callee);
  if (call.type === 'NewExpression') {
    // new Worker(queueName, processor) from bullmq
    if (callee.type === 'Identifier' && callee.name === 'Worker' && QUEUE_PACKAGES.has(packageOf(view, 'Worker') ?? '')) {
      return call.arguments[1] ? [{ handler: call.arguments[1], kind: 'request', label: `queue worker ${routePath(call.arguments[0]) ?? ''}`.trim() }] : [];
    }
    return [];
  }
  if (callee.type !== 'MemberExpression') return [];
  const method = propertyName(callee);
  if (method === null) return [];
  const receiver = callee.object;
  if (method === 'listen' && isRouterObject(view, receiver, localInit)) {
    return call.arguments.filter((/** @type {any} */ arg) => isFunctionNode(unwrap(arg))).map((/** @type {any} */ arg) => ({ handler: arg, kind: 'startup', label: 'listen callback' }));
  }
  if (method === 'process' && importsQueuePackage(view)) {
    const handler = call.arguments.at(-1);
    return handler ? [{ handler, kind: 'request', label: 'queue worker' }] : [];
  }
  if (!isRouterObject(view, receiver, localInit)) return [];
  if (HTTP_METHODS.has(method.toLowerCase())) {
    const path = routePath(call.arguments[0]);
    const label = `${method === 'use' ? 'middleware' : method.toUpperCase()}${path ? ` ${path}` : ''}`;
    return call.arguments.slice(path === null ? 0 : 1).map((/** @type {any} */ handler) => ({ handler, kind: 'request', label }));
  }
  if (method === 'route') {
    const options = unwrap(call.arguments[0]);
    if (options?.type !== 'ObjectExpression') return [];
    const field = (/** @type {string} */ name) => options.properties.find((/** @type {any} */ p) => p.type === 'Property' && keyName(p.key) === name)?.value;
    const handler = field('handler');
    const httpMethod = unwrap(field('method'));
    const label = `${httpMethod?.type === 'Literal' ? String(httpMethod.value).toUpperCase() : 'ROUTE'} ${routePath(field('url') ?? field('path')) ?? ''}`.trim();
    return handler ? [{ handler, kind: 'request', label }] : [];
  }
  return [];
}

/** @param {import('../modules/module-view.js').ModuleView} view */
function importsQueuePackage(view) {
  for (const binding of view.bindings.values()) {
    if ((binding.kind === 'import' || binding.kind === 'namespace') && QUEUE_PACKAGES.has(binding.source ?? '')) return true;
  }
  return false;
}

/**
 * Entry points a module declares: NestJS controller and resolver methods
 * (by decorator), Next.js route handlers (`export async function POST` in
 * `app/**\/route.ts`, the default export of `pages/api/**`), and GraphQL
 * resolver maps (`{ Query: { user() {} }, Mutation: { … } }`).
 * @param {import('../modules/module-view.js').ModuleView} view
 * @returns {EntryPoint[]}
 */
export function declaredEntryPoints(view) {
  /** @type {EntryPoint[]} */
  const entries = [];
  const file = view.file.split('\\').join('/');
  for (const [name, entry] of view.exports) {
    const binding = entry.local ? view.bindings.get(entry.local) : null;
    const fn = binding?.kind === 'function' ? binding.node : isFunctionNode(unwrap(entry.node)) ? unwrap(entry.node) : null;
    if (!fn) continue;
    if (/\/app\/(.+\/)?route\.[cm]?[jt]sx?$/.test(file) && NEXT_ROUTE_EXPORTS.has(name)) {
      entries.push({ fn, kind: 'request', label: `${name} ${routeOfNextFile(file)}` });
    } else if (/\/pages\/api\//.test(file) && name === 'default') {
      entries.push({ fn, kind: 'request', label: `API route ${routeOfNextFile(file)}` });
    } else if (/\/app\/.+\.[cm]?[jt]sx?$|\/routes\/.+\.[cm]?[jt]sx?$/.test(file) && (name === 'loader' || name === 'action')) {
      entries.push({ fn, kind: 'request', label: `Remix ${name}` });
    }
  }
  for (const binding of view.bindings.values()) {
    if (binding.kind === 'class') entries.push(...nestHandlers(binding.node));
    if (binding.kind === 'value' && unwrap(binding.node)?.type === 'ObjectExpression') entries.push(...resolverMap(unwrap(binding.node)));
  }
  return entries;
}

/** @param {string} file */
function routeOfNextFile(file) {
  const match = /\/(app|pages)(\/.*?)(\/route)?\.[cm]?[jt]sx?$/.exec(file);
  return match ? match[2].replace(/\/index$/, '') || '/' : file;
}

/**
 * @param {any} classNode
 * @returns {EntryPoint[]}
 */
function nestHandlers(classNode) {
  const isController = (classNode.decorators ?? []).some((/** @type {any} */ d) => /^(Controller|Resolver|Processor|WebSocketGateway)$/.test(decoratorName(d) ?? ''));
  if (!isController) return [];
  return classNode.body.body
    .filter((/** @type {any} */ member) => member.type === 'MethodDefinition' && (member.decorators ?? []).some((/** @type {any} */ d) => NEST_METHOD_DECORATORS.has(decoratorName(d) ?? '')))
    .map((/** @type {any} */ member) => ({ fn: member.value, kind: /** @type {const} */ ('request'), label: `${decoratorName(member.decorators[0])} ${keyName(member.key) ?? ''}`.trim() }));
}

/** @param {any} decorator */
function decoratorName(decorator) {
  const expression = unwrap(decorator.expression);
  const callee = expression?.type === 'CallExpression' ? unwrap(expression.callee) : expression;
  return callee?.type === 'Identifier' ? callee.name : null;
}

/**
 * @param {any} object
 * @returns {EntryPoint[]}
 */
function resolverMap(object) {
  /** @type {EntryPoint[]} */
  const entries = [];
  for (const property of object.properties) {
    const type = property.type === 'Property' ? keyName(property.key) : null;
    if (type !== 'Query' && type !== 'Mutation' && type !== 'Subscription') continue;
    const fields = unwrap(property.value);
    if (fields?.type !== 'ObjectExpression') continue;
    for (const field of fields.properties) {
      const fn = field.type === 'Property' ? unwrap(field.value) : null;
      if (isFunctionNode(fn)) entries.push({ fn, kind: 'request', label: `GraphQL ${type}.${keyName(field.key)}` });
    }
  }
  return entries;
}
