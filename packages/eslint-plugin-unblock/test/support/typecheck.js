/**
 * `tsc --strict --noEmit` in-process on one TypeScript text: the errors as
 * `line: message` strings. Library files are parsed once and shared by all
 * programs, which makes a check take milliseconds instead of a second.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const OPTIONS = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  // Node's own declarations, as a Node backend has them (the sync-call fix imports node:fs/promises).
  typeRoots: [fileURLToPath(new URL('../../../../node_modules/@types', import.meta.url))],
  types: ['node'],
  skipLibCheck: true,
};
// Inside the repository (the file itself never exists), so that imports of installed packages
// (p-map, p-limit) resolve to their own declarations as in a user's project.
const FILE = fileURLToPath(new URL('../../../../.virtual/input.ts', import.meta.url));
const baseHost = ts.createCompilerHost(OPTIONS);
/** @type {Map<string, ts.SourceFile | undefined>} */
const libCache = new Map();

/**
 * @param {string} code
 * @returns {string[]}
 */
export function typeErrors(code) {
  const input = ts.createSourceFile(FILE, code, ts.ScriptTarget.ES2022, true);
  /** @type {ts.CompilerHost} */
  const host = {
    ...baseHost,
    fileExists: (name) => name === FILE || baseHost.fileExists(name),
    readFile: (name) => (name === FILE ? code : baseHost.readFile(name)),
    getSourceFile(name, languageVersion) {
      if (name === FILE) return input;
      if (!libCache.has(name)) libCache.set(name, baseHost.getSourceFile(name, languageVersion));
      return libCache.get(name);
    },
  };
  const program = ts.createProgram([FILE], OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0;
    return `${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}
