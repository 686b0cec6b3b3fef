/**
 * Every package a published package's code loads is one it declares. In this workspace all
 * dependencies are hoisted into one node_modules, so code that loads an undeclared package works
 * here and fails for a user: the plugin's rewrite check once loaded `@babel/parser`, which only the
 * bench declared, and installed alone the plugin offered no rewrite (its load failure was caught as
 * "does not parse"). Read from each file's syntax tree (comments and generated code text name
 * packages too), every way the packages load code: `import … from`, `export … from`, `import()`,
 * `require()`, `createRequire(…)(…)` and the plugin's `optionalRequire()`, with a string literal.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';

const packagesDir = fileURLToPath(new URL('../../packages/', import.meta.url));
const LOADERS = new Set(['require', 'optionalRequire']);
const builtins = new Set(builtinModules);

/**
 * The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or null for a relative path or a built-in.
 * @param {string} specifier
 */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.startsWith('#')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtins.has(name) ? null : name;
}

/**
 * The string specifiers a module loads.
 * @param {string} file
 * @returns {string[]}
 */
function specifiersLoadedBy(file) {
  const { program, errors } = parseSync(file, fs.readFileSync(file, 'utf8'), { sourceType: 'module' });
  assert.deepEqual(errors.map((/** @type {any} */ error) => error.message), [], `${file} parses`);
  /** @type {string[]} */
  const found = [];
  const literal = (/** @type {any} */ node) => (node?.type === 'Literal' && typeof node.value === 'string' ? found.push(node.value) : 0);
  const visit = (/** @type {any} */ node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node.type !== 'string') return;
    if (/^(Import|ExportNamed|ExportAll)Declaration$/.test(node.type) || node.type === 'ImportExpression') literal(node.source);
    if (node.type === 'CallExpression' && ((node.callee.type === 'Identifier' && LOADERS.has(node.callee.name)) || node.callee.type === 'CallExpression')) literal(node.arguments[0]);
    for (const [key, value] of Object.entries(node)) if (key !== 'parent' && value && typeof value === 'object') visit(value);
  };
  visit(program);
  return found;
}

/**
 * The .js files npm would pack: those under the manifest's `files` entries.
 * @param {string} dir
 * @param {string[]} entries
 */
function packedSources(dir, entries) {
  /** @type {string[]} */
  const found = [];
  const visit = (/** @type {string} */ file) => {
    if (!fs.existsSync(file)) return;
    if (fs.statSync(file).isDirectory()) {
      for (const name of fs.readdirSync(file)) if (name !== 'node_modules') visit(path.join(file, name));
    } else if (/\.[cm]?js$/.test(file)) {
      found.push(file);
    }
  };
  for (const entry of entries) visit(path.join(dir, entry));
  return found;
}

for (const folder of fs.readdirSync(packagesDir)) {
  const dir = path.join(packagesDir, folder);
  const manifestFile = path.join(dir, 'package.json');
  if (!fs.existsSync(manifestFile)) continue;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

  describe(`${manifest.name}: the packages its code loads`, () => {
    it('are all declared in its package.json (dependencies, peer or optional dependencies, or itself)', () => {
      const declared = new Set([
        manifest.name,
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
        ...Object.keys(manifest.optionalDependencies ?? {}),
      ]);
      const sources = packedSources(dir, manifest.files ?? ['.']);
      assert.ok(sources.length > 0, `${manifest.name} packs some .js files`);
      /** @type {string[]} */
      const undeclared = [];
      for (const file of sources) {
        for (const specifier of specifiersLoadedBy(file)) {
          const name = packageOf(specifier);
          if (name && !declared.has(name)) undeclared.push(`${path.relative(dir, file)} loads ${name}`);
        }
      }
      assert.deepEqual(undeclared, []);
    });
  });
}
