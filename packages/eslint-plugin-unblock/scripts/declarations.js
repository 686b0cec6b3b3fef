/**
 * Finishes the type declarations `tsc -p tsconfig.types.json` writes to types/ (run by prepack).
 * index.js exports the plugin a second time under the string name `module.exports`, which is what
 * Node's `require()` of the package returns (ESLint 8's eslintrc loads plugins that way). TypeScript
 * 6 writes that export into index.d.ts as `export { plugin as module.exports };`, which no
 * TypeScript parses, and a consumer needs no type for it (`require()` users are eslintrc configs,
 * not TypeScript code): the line is taken out, and any other form of it stops the pack.
 *
 * Usage: node scripts/declarations.js (in the package folder, after tsc)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'types', 'index.d.ts');
const text = fs.readFileSync(file, 'utf8');
const finished = text.replace(/^export \{ plugin as ["']?module\.exports["']? \};\n/m, '');
if (finished.includes('module.exports')) {
  console.error(`${path.relative(process.cwd(), file)}: an export named module.exports is left in a form this script does not know; look at the declaration tsc wrote`);
  process.exit(1);
}
fs.writeFileSync(file, finished);
