/**
 * The two-file rewrite for CPU work with no asynchronous form: a worker module
 * that runs the library function, and the call rewritten to a piscina pool.
 *
 *   // handler.js                               // papaparse-unparse.worker.js (new)
 *   res.end(Papa.unparse(rows));                import * as loaded from 'papaparse';
 *     →                                         const papaparse = loaded.default ?? loaded;
 *   res.end(await papaparseUnparsePool.run([rows]));
 *                                               export default function unparse(args) { return papaparse.unparse(...args); }
 *
 * An ESLint fix cannot create a file, so this is not a rule fix: the editor's code action and
 * the bench runner apply it, from the rule's `offloadToWorker` reports.
 * The arguments and the result cross threads by structured clone, so the rewrite is offered only
 * where nothing the analysis can see would not survive it (functions, a callback).
 */
import path from 'node:path';
import { addImports, isNameFree, moduleStyle, visibleBinding } from '../../rewrite/module-imports.js';
import { enclosingAsyncBody, safeParents } from './sync-to-async.js';
import { findPackageCalls } from '../package-calls.js';
import { packageNames } from '../package-apis.js';
import { walk } from '../../language/syntax/ast.js';

/** @typedef {import('eslint').SourceCode} SourceCode */
/** @typedef {{ range: [number, number], text: string }} Edit */

/**
 * @typedef {object} WorkerOffload
 * @property {string} workerFile the new module's file name, in the folder of the source file
 * @property {string} workerSource
 * @property {Edit[]} edits to the source file, sorted and not overlapping
 * @property {string} preview the rewritten call with its arguments elided
 */

/** A fixer that returns plain edits, for the import helper shared with the rule fixes. */
const plainFixer = /** @type {any} */ ({
  insertTextAfter: (/** @type {any} */ node, /** @type {string} */ text) => ({ range: [node.range[1], node.range[1]], text }),
  insertTextBefore: (/** @type {any} */ node, /** @type {string} */ text) => ({ range: [node.range[0], node.range[0]], text }),
  replaceText: (/** @type {any} */ node, /** @type {string} */ text) => ({ range: node.range, text }),
});

/** @param {string} text */
const camel = (text) => text.replace(/[^a-zA-Z0-9]+(.)/g, (_, c) => c.toUpperCase());

/**
 * Offload plans for the `offloadToWorker` reports of one linted file, keyed by report.
 * @param {SourceCode} sourceCode the linted file (Linter#getSourceCode())
 * @param {ReadonlyArray<{ ruleId: string | null, messageId?: string, line: number, column: number }>} messages
 * @param {{ filename: string }} file
 * @returns {Map<object, WorkerOffload>}
 */
export function planWorkerOffloads(sourceCode, messages, { filename }) {
  /** @type {Map<object, WorkerOffload>} */
  const plans = new Map();
  // The message id is this rule's own (no other Unblock rule has it): the rule's id is written
  // once, in its entry, and each report is matched to a worker-cured call at its place below.
  const wanted = messages.filter((m) => m.ruleId?.startsWith('unblock/') && m.messageId === 'offloadToWorker');
  if (wanted.length === 0) return plans;
  /** @type {any[]} */
  const dynamicImports = [];
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type === 'ImportExpression') dynamicImports.push(node);
    return true;
  });
  const calls = findPackageCalls(sourceCode, { packages: [...packageNames], includeCheap: true, dynamicImports, importEquals: [] });
  for (const message of wanted) {
    const start = sourceCode.getIndexFromLoc({ line: message.line, column: message.column - 1 });
    const call = calls.find((c) => c.node.range[0] === start && c.api.cure === 'worker');
    const plan = call && planWorkerOffload(sourceCode, call, { filename });
    if (plan) plans.set(message, plan);
  }
  return plans;
}

/**
 * @param {SourceCode} sourceCode
 * @param {import('../package-calls.js').PackageCall} call
 * @param {{ filename: string }} file
 * @returns {WorkerOffload | null}
 */
export function planWorkerOffload(sourceCode, { node, api, moduleId }, { filename }) {
  const ext = path.extname(filename);
  // TypeScript would need its own build of the worker: the docs show the rewrite by hand.
  if (!['.js', '.mjs', '.cjs'].includes(ext) || !enclosingAsyncBody(node) || node.optional || node.parent?.type === 'ChainExpression') return null;
  if (!argumentsSurviveCloning(sourceCode, node.arguments, api.workerArgs ?? 0)) return null;
  const style = moduleStyle(sourceCode);
  const baseName = [moduleId.replace(/^@/, ''), ...api.path].join('-').replace(/[^a-zA-Z0-9-]+/g, '-');
  const workerFile = `${baseName}.worker${ext}`;
  const poolName = `${camel(baseName)}Pool`;
  const functionName = camel(api.path.at(-1) ?? baseName);

  /** @type {Edit[]} */
  const edits = [];
  if (!existingPool(sourceCode, poolName)) {
    if (!isNameFree(sourceCode, node, poolName)) return null;
    /** @type {Array<{ name: string, specifier: string }>} */
    const imports = [];
    let piscina = visibleBinding(sourceCode, node, ['piscina'], 'Piscina');
    if (!piscina) {
      if (!isNameFree(sourceCode, node, 'Piscina')) return null;
      imports.push({ name: 'Piscina', specifier: 'piscina' });
      piscina = 'Piscina';
    }
    const location = style === 'esm' ? `new URL('./${workerFile}', import.meta.url).href` : `require('node:path').join(__dirname, '${workerFile}')`;
    const semi = /;\s*$/.test(sourceCode.getText(sourceCode.ast.body[0] ?? sourceCode.ast)) || sourceCode.ast.body.length === 0 ? ';' : '';
    const eol = sourceCode.text.includes('\r\n') ? '\r\n' : '\n';
    const declaration = `// ${api.package} ${api.path.join('.')} runs on worker threads (${workerFile}), so the event loop keeps serving.${eol}const ${poolName} = new ${piscina}({ filename: ${location} })${semi}`;
    edits.push(...addImports(sourceCode, plainFixer, imports), declarationEdit(sourceCode, style, declaration, eol));
  }
  const argumentsText = node.arguments.map((/** @type {any} */ a) => sourceCode.getText(a)).join(', ');
  const awaited = `await ${poolName}.run([${argumentsText}])`;
  const parent = node.parent;
  edits.push({ range: node.range, text: safeParents[parent.type]?.(parent, node) ? awaited : `(${awaited})` });
  return {
    workerFile,
    workerSource: workerModule(style, { specifier: moduleId, path: api.path, functionName, label: `${api.package} ${api.path.join('.')}` }),
    edits: mergeEdits(edits),
    preview: `await ${poolName}.run([…])`,
  };
}

/**
 * Structured clone copies data, not functions or class identity: refuse arguments that hold a
 * function the analysis can see, spreads (how many arguments?) and more arguments than the
 * function takes (the extra one is a callback).
 * @param {SourceCode} sourceCode
 * @param {any[]} args
 * @param {number} max
 */
function argumentsSurviveCloning(sourceCode, args, max) {
  if (args.length > max) return false;
  let cloneable = true;
  for (const argument of args) {
    walk(argument, sourceCode.visitorKeys, (node) => {
      if (node.type === 'SpreadElement' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'ClassExpression') cloneable = false;
      return cloneable;
    });
  }
  return cloneable;
}

/** A top-level `const <name> = new Piscina(…)` an earlier offload left, to reuse. */
function existingPool(/** @type {SourceCode} */ sourceCode, /** @type {string} */ name) {
  return sourceCode.ast.body.some(
    (/** @type {any} */ s) => s.type === 'VariableDeclaration' && s.declarations.some((/** @type {any} */ d) => d.id.type === 'Identifier' && d.id.name === name && d.init?.type === 'NewExpression'),
  );
}

/**
 * The pool goes after the file's last import (or require), so everything it names exists.
 * @param {SourceCode} sourceCode
 * @param {'esm' | 'cjs'} style
 * @param {string} declaration
 * @param {string} eol
 * @returns {Edit}
 */
function declarationEdit(sourceCode, style, declaration, eol) {
  const body = /** @type {any[]} */ (sourceCode.ast.body);
  const isImport = (/** @type {any} */ s) =>
    style === 'esm'
      ? s.type === 'ImportDeclaration'
      : s.type === 'VariableDeclaration' && s.declarations.some((/** @type {any} */ d) => /^require\(/.test(sourceCode.getText(d.init ?? d)));
  const last = body.filter(isImport).at(-1);
  if (last) return { range: [last.range[1], last.range[1]], text: `${eol}${declaration}` };
  const directives = body.filter((s) => s.type === 'ExpressionStatement' && typeof s.directive === 'string');
  if (directives.length > 0) return { range: [directives.at(-1).range[1], directives.at(-1).range[1]], text: `${eol}${declaration}` };
  return { range: [body[0]?.range[0] ?? 0, body[0]?.range[0] ?? 0], text: `${declaration}${eol}` };
}

/**
 * Sorts edits and joins insertions at the same place in the order they were made
 * (the import before the pool that uses it).
 * @param {Edit[]} edits
 */
function mergeEdits(edits) {
  /** @type {Edit[]} */
  const merged = [];
  for (const edit of [...edits].sort((a, b) => a.range[0] - b.range[0])) {
    const previous = merged.at(-1);
    if (previous && previous.range[0] === edit.range[0] && previous.range[1] === previous.range[0]) {
      merged[merged.length - 1] = { range: [previous.range[0], edit.range[1]], text: previous.text + edit.text };
    } else merged.push(edit);
  }
  return merged;
}

/**
 * @param {'esm' | 'cjs'} style
 * @param {{ specifier: string, path: string[], functionName: string, label: string }} target
 */
function workerModule(style, { specifier, path: exportPath, functionName, label }) {
  const local = camel(specifier.split('/').at(-1) ?? specifier);
  const callee = [local, ...exportPath].join('.');
  const doc = `/**\n * Runs ${label} on a piscina worker thread, off the server's event loop.\n * Written by Unblock; the pool in the calling module sends each call's arguments here.\n * @param {any[]} args\n */`;
  if (style === 'esm') {
    // A CommonJS package's exports arrive as the default export; an ES module's as the namespace.
    return `import * as loaded from '${specifier}';\n\nconst ${local} = loaded.default ?? loaded;\n\n${doc}\nexport default function ${functionName}(args) {\n  return ${callee}(...args);\n}\n`;
  }
  return `const ${local} = require('${specifier}');\n\n${doc}\nmodule.exports = function ${functionName}(args) {\n  return ${callee}(...args);\n};\n`;
}
