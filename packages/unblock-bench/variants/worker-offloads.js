import { planWorkerOffloads } from 'eslint-plugin-unblock/tooling';

/**
 * @typedef {object} NewFile
 * @property {string} name file name next to the entry module
 * @property {string} source
 */

/**
 * Applies the two-file rewrite for the rules' `offloadToWorker` reports (CPU work with no
 * asynchronous form moved to a piscina worker): the same plans the editor's code action uses,
 * since an ESLint fix cannot create the worker module. One call at a time, re-linting in between,
 * so later calls of the same function reuse the pool the first one declared.
 * @param {import('eslint').Linter} linter
 * @param {string} source the source after the rules' own fixes
 * @param {any} config the flat config those fixes ran with
 * @param {string} filename
 * @returns {{ source: string, files: NewFile[], messages: import('eslint').Linter.LintMessage[] }} `messages`: the reports left on the final source
 */
export function applyWorkerOffloads(linter, source, config, filename) {
  /** @type {Map<string, NewFile>} */
  const files = new Map();
  let current = source;
  let messages = linter.verify(current, config, { filename });
  // Each pass removes one report; the bound only guards against a plan that removes none.
  for (let pass = 0; pass < 100; pass++) {
    const [plan] = planWorkerOffloads(linter.getSourceCode(), messages, { filename }).values();
    if (!plan) break;
    files.set(plan.workerFile, { name: plan.workerFile, source: plan.workerSource });
    for (const edit of [...plan.edits].reverse()) {
      current = current.slice(0, edit.range[0]) + edit.text + current.slice(edit.range[1]);
    }
    messages = linter.verify(current, config, { filename });
  }
  return { source: current, files: [...files.values()], messages };
}
