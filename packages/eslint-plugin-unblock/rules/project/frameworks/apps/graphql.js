/**
 * GraphQL: the fields of a resolver map's root types
 * (`{ Query: { user() {} }, Mutation: { … } }`), declared as a module-level object.
 */
import { unwrap, isFunctionNode } from '../../../language/syntax/ast.js';
import { keyName } from '../../modules/module-view.js';

/**
 * @typedef {import('../../../language/syntax/ast.js').Node} Node
 */

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'graphql',
  declared(view) {
    /** @type {import('../routing/framework.js').EntryPoint[]} */
    const entries = [];
    for (const binding of view.bindings.values()) {
      const object = binding.kind === 'value' ? unwrap(binding.node) : null;
      if (object?.type === 'ObjectExpression') entries.push(...resolversOf(object));
    }
    return entries;
  },
};

/**
 * @param {any} object
 * @returns {import('../routing/framework.js').EntryPoint[]}
 */
function resolversOf(object) {
  /** @type {import('../routing/framework.js').EntryPoint[]} */
  const entries = [];
  for (const property of object.properties) {
    const type = property.type === 'Property' ? keyName(property.key) : null;
    if (type === null || !ROOT_TYPES.has(type)) continue;
    const fields = unwrap(property.value);
    if (fields?.type !== 'ObjectExpression') continue;
    for (const field of fields.properties) {
      const fn = field.type === 'Property' ? unwrap(field.value) : null;
      if (isFunctionNode(fn)) entries.push({ fn, kind: 'request', label: `GraphQL ${type}.${keyName(field.key)}` });
    }
  }
  return entries;
}
