/**
 * What a method is called on, for the sources that read built-in methods
 * (`s.trim()`, `list.push(x)`, `res.json()`).
 */
import { propertyName } from '../../core/syntax/ast.js';

/**
 * The method's name and what its object is: `'value'` for a value made in
 * the function or computed in the chain (`s.trim()` in
 * `s.trim().toLowerCase()`), `'response'` for what `fetch()` returned there,
 * undefined for any other variable or `this` chain. Null when the call is no
 * method call, when its object may do I/O (`api.getPair(id).then(…)`, whose
 * work is the call it chains on), or when it is a method of an imported
 * module (`_.map` is lodash's to say, not Array's).
 * @param {import('./call-effect.js').CallSite} site
 * @returns {{ name: string | null, local: 'value' | 'response' | undefined } | null}
 */
export function methodBase(site) {
  if (site.source || site.callee.type !== 'MemberExpression') return null;
  const base = site.chainBase();
  if (!base) return null;
  const local = base === 'computed' ? 'value' : site.root?.type === 'Identifier' ? site.localKind(site.root.name) : undefined;
  return { name: propertyName(site.callee), local };
}
