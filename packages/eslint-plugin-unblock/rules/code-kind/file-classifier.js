/**
 * The call classifier of one linted file, wired to the project index so
 * that what a callee's body shows (its effect summary) comes before what
 * its name suggests. Both waterfall rules classify through this.
 */
import { createCallClassifier } from '../effects/call-classification.js';
import { getProjectIndex } from '../project/index.js';
import { prefetchCallerIndex } from '../project/callers/callers.js';

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {string} filename
 * @param {import('../effects/call-classification.js').ClassifierOptions} options
 * @param {ReturnType<typeof import('../effects/references.js').getReferenceIndex>} index
 * @param {{ nounGetters?: boolean }} [extra] nounGetters: a noun-named call whose result is used reads (the statement waterfall rule)
 */
export function createFileClassifier(sourceCode, filename, options, index, extra = {}) {
  /** @type {ReturnType<typeof getProjectIndex> | null} */
  let project = null;
  const projectIndex = () => (project ??= getProjectIndex(sourceCode, filename, classifier.kindOfCall, classifier.namesKey));
  /** @type {import('../effects/libraries/library-values.js').ImportedLibrary} */
  const importedLibrary = (specifier, imported) => projectIndex().libraryOfImport(specifier, imported);
  // Questions will follow (who calls this code): let the project's import map load on a thread of its own meanwhile.
  prefetchCallerIndex(filename);
  const classifier = createCallClassifier(options, {
    resolveRoot: index.resolveRoot,
    isConnectionVariable: index.isConnectionVariable,
    stringValuesOf: index.stringValuesOf,
    libraryOfRoot: (root, path, acrossFiles) => index.libraryOfRoot(root, path, acrossFiles ? importedLibrary : null),
    visitorKeys: sourceCode.visitorKeys,
    getText: (node) => sourceCode.getText(node),
    // Asked only for awaited operations, so files without any pay nothing.
    nounGetters: extra.nounGetters ?? false,
    summaryOfCall: (call) => projectIndex().summaryOfCall(call),
  });
  return classifier;
}
