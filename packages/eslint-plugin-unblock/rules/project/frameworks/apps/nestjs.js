/**
 * NestJS. Per request or job: the decorated handler methods of a controller,
 * resolver, queue processor or gateway (`@Controller('keys') class … { @Post()
 * create() {} }` is `POST /keys`), and the `use` / `canActivate` / `intercept`
 * of middleware, guards and interceptors. Once, at start-up (or shutdown):
 * the lifecycle hooks (`onModuleInit`, `onApplicationBootstrap`, …) and the
 * constructors of the classes the container instantiates once at bootstrap
 * (not a request-scoped one, which it builds per request).
 */
import { keyName } from '../../modules/module-view.js';
import { unwrap } from '../../../language/syntax/ast.js';

/**
 * @typedef {import('../../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../../language/syntax/ast.js').MemberExpression} MemberExpression
 */
/**
 * @template {string} T
 * @typedef {import('../../../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/** Class decorators of what the Nest container instantiates. */
const PROVIDER_DECORATORS = new Set(['Injectable', 'Controller', 'Resolver', 'Processor', 'WebSocketGateway', 'Module', 'Catch']);
/** Class decorators of classes whose decorated methods handle requests, messages or jobs. */
const HANDLER_CLASS_DECORATORS = new Set(['Controller', 'Resolver', 'Processor', 'WebSocketGateway']);
const HTTP_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'Head', 'Options', 'Search']);
const GRAPHQL_DECORATORS = new Set(['Query', 'Mutation', 'Subscription', 'ResolveField']);
const OTHER_HANDLER_DECORATORS = new Map([
  ['MessagePattern', 'message'],
  ['EventPattern', 'event'],
  ['Process', 'queue job'],
  ['Cron', 'cron job'],
  ['Interval', 'interval job'],
  ['SubscribeMessage', 'socket message'],
]);
/** Hooks the container calls once, while the application starts or shuts down. */
const LIFECYCLE_HOOKS = new Set(['onModuleInit', 'onApplicationBootstrap', 'onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown']);
/** Per-request methods, by the interface the class implements. */
const PER_REQUEST_METHODS = new Map([
  ['NestMiddleware', ['use', 'middleware']],
  ['CanActivate', ['canActivate', 'guard']],
  ['NestInterceptor', ['intercept', 'interceptor']],
  ['PipeTransform', ['transform', 'pipe']],
]);

/**
 * @typedef {import('../routing/framework.js').EntryPoint} EntryPoint
 */

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'nestjs',
  declared(view) {
    /** @type {EntryPoint[]} */
    const entries = [];
    for (const binding of view.bindings.values()) if (binding.kind === 'class') entries.push(...entriesOf(binding.node));
    return entries;
  },
};

/**
 * @param {any} classNode
 * @returns {EntryPoint[]}
 */
function entriesOf(classNode) {
  const decorators = (classNode.decorators ?? []).map((/** @type {any} */ d) => ({ name: decoratorName(d), args: decoratorArguments(d) }));
  if (!decorators.some((/** @type {any} */ d) => PROVIDER_DECORATORS.has(d.name ?? ''))) return [];
  const controller = decorators.find((/** @type {any} */ d) => HANDLER_CLASS_DECORATORS.has(d.name ?? ''));
  const prefix = controller?.name === 'Controller' ? pathOf(controller.args[0]) : '';
  const perRequest = perRequestMethod(classNode);
  /** @type {EntryPoint[]} */
  const entries = [];
  for (const member of classNode.body.body) {
    if (member.type !== 'MethodDefinition' || member.static) continue;
    const name = keyName(member.key);
    if (member.kind === 'constructor') {
      if (!isRequestScoped(decorators, member)) entries.push({ fn: member.value, kind: 'startup', label: `constructor of ${classNode.id?.name ?? 'a provider'}` });
    } else if (name !== null && LIFECYCLE_HOOKS.has(name)) {
      entries.push({ fn: member.value, kind: 'startup', label: name });
    } else if (perRequest && name === perRequest.method) {
      entries.push({ fn: member.value, kind: 'request', label: `${perRequest.role} ${classNode.id?.name ?? ''}`.trim() });
    } else if (controller) {
      const label = handlerLabel(member, prefix);
      if (label) entries.push({ fn: member.value, kind: 'request', label, ...(runsInTransaction(member) ? { transaction: true } : {}) });
    }
  }
  return entries;
}

/**
 * `POST /api-keys` for `@Post()` in `@Controller('api-keys')`, or what another handler decorator names.
 * @param {any} member
 * @param {string} prefix
 * @returns {string | null}
 */
function handlerLabel(member, prefix) {
  const method = keyName(member.key) ?? '';
  for (const decorator of member.decorators ?? []) {
    const name = decoratorName(decorator) ?? '';
    const [first] = decoratorArguments(decorator);
    if (HTTP_DECORATORS.has(name)) return `${name.toUpperCase()} ${joinPaths(prefix, pathOf(first))}`;
    if (GRAPHQL_DECORATORS.has(name)) return `GraphQL ${name === 'ResolveField' ? 'field' : name}.${method}`;
    const kind = OTHER_HANDLER_DECORATORS.get(name);
    if (kind) {
      const pattern = unwrap(first);
      return pattern?.type === 'Literal' && typeof pattern.value === 'string' ? `${kind} "${pattern.value}"` : `${kind} ${method}`;
    }
  }
  return null;
}

/**
 * The per-request method of a middleware, guard, interceptor or pipe, by what the class implements.
 * @param {any} classNode
 */
function perRequestMethod(classNode) {
  for (const implemented of classNode.implements ?? []) {
    const expression = unwrap(implemented.expression ?? implemented.id);
    const found = expression?.type === 'Identifier' ? PER_REQUEST_METHODS.get(expression.name) : undefined;
    if (found) return { method: found[0], role: found[1] };
  }
  return null;
}

/**
 * A provider the container builds per request (or per consumer): `@Injectable({ scope: Scope.REQUEST })`,
 * or one whose constructor injects the request (`@Inject(REQUEST)`).
 * @param {Array<{ name: string | null, args: any[] }>} decorators
 * @param {any} constructor
 */
function isRequestScoped(decorators, constructor) {
  const scoped = decorators.some((d) =>
    d.args.some((/** @type {any} */ arg) => {
      const options = unwrap(arg);
      return options?.type === 'ObjectExpression' && options.properties.some((/** @type {any} */ p) => p.type === 'Property' && keyName(p.key) === 'scope');
    }),
  );
  if (scoped) return true;
  return constructor.value.params.some((/** @type {any} */ param) =>
    (param.decorators ?? []).some((/** @type {any} */ d) => {
      const [token] = decoratorArguments(d);
      const name = unwrap(token);
      return decoratorName(d) === 'Inject' && name?.type === 'Identifier' && /^(REQUEST|CONTEXT|INQUIRER)$/.test(name.name);
    }),
  );
}

/**
 * The path a decorator argument names: `'keys'`, `['keys']`, `{ path: 'keys' }`; '' when none or computed.
 * @param {Node} argument
 * @returns {string}
 */
function pathOf(argument) {
  const node = unwrap(argument);
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'ArrayExpression') return pathOf(node.elements[0]);
  if (node?.type === 'ObjectExpression') {
    const path = node.properties.find((/** @type {any} */ p) => p.type === 'Property' && keyName(p.key) === 'path');
    return path ? pathOf(path.value) : '';
  }
  return '';
}

/**
 * @param {string} prefix
 * @param {string} path
 */
function joinPaths(prefix, path) {
  const parts = [prefix, path].flatMap((part) => part.split('/')).filter(Boolean);
  return `/${parts.join('/')}`;
}

/**
 * `@Transaction()` on a handler (Vendure's decorator, and the same name in NestJS transaction helpers):
 * the framework opens one transaction per request and hands it on through the request context.
 * @param {any} member
 */
function runsInTransaction(member) {
  return (member.decorators ?? []).some((/** @type {any} */ d) => decoratorName(d) === 'Transaction');
}

/** @param {NodeOf<'Decorator'>} decorator */
function decoratorName(decorator) {
  const expression = unwrap(decorator.expression);
  const callee = expression?.type === 'CallExpression' ? unwrap(expression.callee) : expression;
  return callee?.type === 'Identifier' ? callee.name : null;
}

/** @param {NodeOf<'Decorator'>} decorator */
function decoratorArguments(decorator) {
  const expression = unwrap(decorator.expression);
  return expression?.type === 'CallExpression' ? expression.arguments : [];
}
