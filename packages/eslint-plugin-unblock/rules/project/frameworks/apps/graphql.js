/**
 * GraphQL: the fields of a resolver map (`{ Query: { user() {} }, Mutation: { … }, User: { posts() {} } }`),
 * declared as a module-level object or exported as the module itself (`module.exports = { Query: … }`,
 * which a server often loads from a folder it merges). A map is known by its root types (Query,
 * Mutation, Subscription: GraphQL's own names); its other types' fields (`AssetQuery.list`) are
 * resolved in the same requests, when a query selects them.
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
    /** @type {Set<any>} */
    const maps = new Set();
    for (const binding of view.bindings.values()) {
      const object = binding.kind === 'value' ? unwrap(binding.node) : null;
      if (object?.type === 'ObjectExpression') maps.add(object);
    }
    const exported = unwrap(view.exports.get('default')?.node);
    if (exported?.type === 'ObjectExpression') maps.add(exported);
    for (const object of maps) entries.push(...resolversOf(object));
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
  const types = object.properties.map((/** @type {any} */ property) => (property.type === 'Property' ? keyName(property.key) : null));
  if (!types.some((/** @type {string | null} */ type) => type !== null && ROOT_TYPES.has(type))) return entries;
  for (const [i, property] of object.properties.entries()) {
    const type = types[i];
    // A type's name is capitalised (`AssetQuery`); other keys of the map are no types of the schema.
    if (type === null || !/^[A-Z]/.test(type)) continue;
    const fields = unwrap(property.value);
    if (fields?.type !== 'ObjectExpression') continue;
    for (const field of fields.properties) {
      const fn = field.type === 'Property' ? unwrap(field.value) : null;
      if (isFunctionNode(fn)) entries.push({ fn, kind: 'request', label: `GraphQL ${type}.${keyName(field.key)}` });
    }
  }
  return entries;
}
