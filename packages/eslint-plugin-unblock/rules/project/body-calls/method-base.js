/**
 * What a method is called on, for the sources that read built-in methods
 * (`s.trim()`, `list.push(x)`, `res.json()`, `hash.update(s)`).
 */
import { unwrap, propertyName } from '../../language/syntax/ast.js';

/**
 * The method's name and what its object is (a LocalKind, see
 * call-effect.js), undefined for any other variable or `this` chain. A
 * value made right here (`[]`, or `s.trim()` in `s.trim().toLowerCase()`)
 * counts whole and in its parts; a copy or a crypto object only itself
 * (`parts.shift()`, not `parts[0].tags.push()`: the elements of a copy are
 * someone else's). Null when the call is no method call, when its object
 * may do I/O (`api.getPair(id).then(…)`, whose work is the call it chains
 * on), or when it is a method of an imported module (`_.map` is lodash's to
 * say, not Array's).
 * @param {import('./call-effect.js').CallSite} site
 * @returns {{ name: string | null, local: import('./call-effect.js').LocalKind | undefined } | null}
 */
export function methodBase(site) {
  if (site.source || site.callee.type !== 'MemberExpression') return null;
  const base = site.chainBase();
  if (!base) return null;
  if (base === 'computed') return { name: propertyName(site.callee), local: 'value' };
  let local = site.root?.type === 'Identifier' ? site.localKind(site.root.name) : undefined;
  if ((local === 'copy' || local === 'crypto') && unwrap(site.callee.object) !== site.root) local = undefined;
  return { name: propertyName(site.callee), local };
}
