/**
 * The imports between the files of the plugin's rules/ folder, read with oxc-parser (the parser the
 * rules use for other files): static imports, `export … from` and `import('…')` with a literal,
 * and, marked as types, the `import('…')` types JSDoc comments name. A type loads nothing, but a
 * lower folder that names a higher one's type depends on it all the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';

/**
 * @typedef {object} ImportGraph
 * @property {string[]} files  every .js file, relative to rules/, with `/`
 * @property {Array<{ from: string, to: string, type: boolean }>} edges  one per import of another file under rules/;
 *   type: named in a JSDoc type only
 */

/**
 * @param {string} rulesDir
 * @returns {ImportGraph}
 */
export function readImportGraph(rulesDir) {
  const files = listFiles(rulesDir);
  /** @type {ImportGraph['edges']} */
  const edges = [];
  for (const file of files) {
    const full = path.join(rulesDir, file);
    const text = fs.readFileSync(full, 'utf8');
    for (const { specifier, type } of specifiersOf(full, text)) {
      if (!specifier.startsWith('.')) continue;
      const to = path.relative(rulesDir, path.resolve(path.dirname(full), specifier)).split(path.sep).join('/');
      if (!to.startsWith('..') && to !== file) edges.push({ from: file, to, type });
    }
  }
  return { files, edges };
}

/** `import('./x.js')` in a JSDoc type. */
export const TYPE_IMPORT = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;

/**
 * @param {string} filename
 * @param {string} text
 * @returns {Array<{ specifier: string, type: boolean }>}
 */
function specifiersOf(filename, text) {
  const { module, comments, errors } = parseSync(filename, text);
  if (errors.length > 0) throw new Error(`${filename}: ${errors[0].message}`);
  const loaded = [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) => entry.entries.flatMap((item) => (item.moduleRequest ? [item.moduleRequest.value] : []))),
    ...module.dynamicImports.flatMap(({ moduleRequest }) => {
      const literal = /^(['"])(.*)\1$/s.exec(text.slice(moduleRequest.start, moduleRequest.end));
      return literal ? [literal[2]] : [];
    }),
  ];
  const typed = comments.flatMap((comment) => [...comment.value.matchAll(TYPE_IMPORT)].map((match) => match[2]));
  return [...loaded.map((specifier) => ({ specifier, type: false })), ...typed.map((specifier) => ({ specifier, type: true }))];
}

/**
 * @param {string} root
 * @returns {string[]}
 */
function listFiles(root) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} dir */
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.js')) files.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  visit(root);
  return files;
}

/**
 * The strongly connected groups of more than one node (import loops), by Tarjan's algorithm.
 * @param {Map<string, Set<string>>} graph
 * @returns {string[][]}
 */
export function loopsOf(graph) {
  let next = 0;
  /** @type {Map<string, number>} */
  const order = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const loops = [];
  /** @param {string} node */
  const visit = (node) => {
    order.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!order.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), order.get(to)));
    }
    if (low.get(node) !== order.get(node)) return;
    /** @type {string[]} */
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) loops.push(group.sort());
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return loops;
}
