/**
 * The repository's own lint rule `internal/layers`: a file under the plugin's rules/ folder imports
 * only from its own folder or a lower layer (layer-table.js), and a rule's folders only from their
 * own rule; so do the `import('…')` types its JSDoc names. Checked per import as it is written, in the editor and by `npm run lint`; the loops
 * and folder sizes, which need the whole tree, are scripts/layers.js's.
 */
import path from 'node:path';
import { RULES_DIR, importProblem } from './layer-table.js';
import { TYPE_IMPORT } from './import-graph.js';

/** @param {string} file */
const underRules = (file) => {
  const relative = path.relative(RULES_DIR, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep).join('/');
};

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports in the plugin\'s rules/ point down the layers (scripts/layers/layer-table.js)' },
    schema: [],
    messages: { layer: 'Import against the layers: {{problem}}.' },
  },
  create(context) {
    const from = underRules(context.filename);
    if (!from) return {};
    /**
     * @param {unknown} specifier
     * @param {(problem: string) => void} report
     */
    const checkSpecifier = (specifier, report) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = underRules(path.resolve(path.dirname(context.filename), specifier));
      const problem = to && importProblem(from, to);
      if (problem) report(problem.message);
    };
    /** @param {any} node a node with a `source` */
    const check = (node) => {
      if (node.source?.type !== 'Literal') return;
      checkSpecifier(node.source.value, (problem) => context.report({ node: node.source, messageId: 'layer', data: { problem } }));
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          for (const match of comment.value.matchAll(TYPE_IMPORT)) {
            checkSpecifier(match[2], (problem) => context.report({ loc: comment.loc, messageId: 'layer', data: { problem } }));
          }
        }
      },
    };
  },
};
