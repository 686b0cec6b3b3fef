/**
 * NestJS: the decorated handler methods of a controller, resolver, queue
 * processor or gateway class (`@Controller() class … { @Post() create() {} }`).
 */
import { keyName } from '../modules/module-view.js';
import { unwrap } from '../../core/syntax/ast.js';

const CLASS_DECORATORS = /^(Controller|Resolver|Processor|WebSocketGateway)$/;
const METHOD_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'Head', 'Options', 'MessagePattern', 'EventPattern', 'Process', 'Cron', 'Query', 'Mutation', 'ResolveField', 'Subscription']);

/** @type {import('./index.js').Framework} */
export default {
  name: 'nestjs',
  declared(view) {
    /** @type {import('./index.js').EntryPoint[]} */
    const entries = [];
    for (const binding of view.bindings.values()) if (binding.kind === 'class') entries.push(...handlersOf(binding.node));
    return entries;
  },
};

/**
 * @param {any} classNode
 * @returns {import('./index.js').EntryPoint[]}
 */
function handlersOf(classNode) {
  const isController = (classNode.decorators ?? []).some((/** @type {any} */ d) => CLASS_DECORATORS.test(decoratorName(d) ?? ''));
  if (!isController) return [];
  return classNode.body.body
    .filter((/** @type {any} */ member) => member.type === 'MethodDefinition' && (member.decorators ?? []).some((/** @type {any} */ d) => METHOD_DECORATORS.has(decoratorName(d) ?? '')))
    .map((/** @type {any} */ member) => ({ fn: member.value, kind: /** @type {const} */ ('request'), label: `${decoratorName(member.decorators[0])} ${keyName(member.key) ?? ''}`.trim() }));
}

/** @param {any} decorator */
function decoratorName(decorator) {
  const expression = unwrap(decorator.expression);
  const callee = expression?.type === 'CallExpression' ? unwrap(expression.callee) : expression;
  return callee?.type === 'Identifier' ? callee.name : null;
}
