/**
 * The name of the function a call runs in the module it was imported from:
 * `readFile` for `fs.readFile()`, `readFile()` after
 * `import { readFile } from 'fs'`, or `const { readFile } = require('fs')`.
 */
import { propertyName } from '../../language/syntax/ast.js';

/**
 * @param {import('./call-effect.js').CallSite} site
 * @returns {string | null | undefined}
 */
export function importedFunctionName({ callee, imported }) {
  return callee.type === 'MemberExpression' ? propertyName(callee) : imported?.imported;
}
