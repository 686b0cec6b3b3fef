/**
 * The functions a module exports by name, for the frameworks that find
 * handlers by file and export name (Next.js, Remix).
 */
import { unwrap, isFunctionNode } from '../../../language/syntax/ast.js';

/**
 * @param {import('../../modules/module-view.js').ModuleView} view
 * @returns {Array<{ name: string, fn: any }>}
 */
export function exportedFunctions(view) {
  /** @type {Array<{ name: string, fn: any }>} */
  const found = [];
  for (const [name, entry] of view.exports) {
    const binding = entry.local ? view.bindings.get(entry.local) : null;
    const fn = binding?.kind === 'function' ? binding.node : isFunctionNode(unwrap(entry.node)) ? unwrap(entry.node) : null;
    if (fn) found.push({ name, fn });
  }
  return found;
}

/**
 * The file's path with forward slashes, as the file-based routers' patterns expect.
 * @param {import('../../modules/module-view.js').ModuleView} view
 */
export function slashedPath(view) {
  return view.file.split('\\').join('/');
}
