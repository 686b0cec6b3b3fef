/**
 * Runs one framework module over a snippet of code, as the caller index
 * would (oxc-parser, the same walk over calls), and returns what it found
 * as plain data: the label, the kind, and the source text of each handler.
 */
import { createRequire } from 'node:module';
import { createModuleView } from '../../../rules/project/modules/module-view.js';
import { foreignVisitorKeys, parseOptions } from '../../../rules/project/modules/module-cache.js';
import { walkCalls, initOf, ownerOf } from '../../../rules/project/callers/function-frames.js';

const oxc = createRequire(import.meta.url)('oxc-parser');

/**
 * @param {string} code
 * @param {string} file
 */
function viewOf(code, file) {
  const result = oxc.parseSync(file, code, parseOptions());
  if (result.errors.length > 0) throw new Error(`fixture does not parse: ${result.errors[0].message}`);
  return { view: createModuleView(file, result.program), code };
}

/**
 * @param {string} code
 * @param {any} node
 */
const textOf = (code, node) => code.slice(node.range[0], node.range[1]);

/**
 * What `framework.registrations` finds at each call of `code`.
 * @param {import('../../../rules/project/frameworks/routing/framework.js').Framework} framework
 * @param {string} code
 * @param {string} [file]
 */
export function registrationsIn(framework, code, file = '/project/src/app.ts') {
  const { view } = viewOf(code, file);
  /** @type {Array<{ label: string, kind: string, handler: string }>} */
  const found = [];
  walkCalls(view.program, foreignVisitorKeys(), (call, frame) => {
    const scope = { localInit: (/** @type {string} */ name) => initOf(frame, name), ownerOf: (/** @type {string} */ name) => ownerOf(frame, name) ?? view.program, resolveCall: () => null };
    for (const { label, kind, handler } of framework.registrations?.(view, call, scope) ?? []) {
      found.push({ label, kind, handler: textOf(code, handler) });
    }
  });
  return found;
}

/**
 * What `framework.declared` finds in `code`.
 * @param {import('../../../rules/project/frameworks/routing/framework.js').Framework} framework
 * @param {string} code
 * @param {string} [file]
 */
export function declaredIn(framework, code, file = '/project/src/app.ts') {
  const { view } = viewOf(code, file);
  return (framework.declared?.(view) ?? []).map(({ label, kind, fn }) => ({ label, kind, handler: textOf(code, fn) }));
}
