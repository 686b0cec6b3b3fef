// Which parser and source type a document gets, from its file name and VS Code language id.
// No project configuration is read: the choice must work on any file the user opens.

/** @typedef {{ kind: 'js' | 'ts', jsx: boolean, sourceType: 'module' | 'commonjs' }} LanguageSetup */

export const SUPPORTED_LANGUAGE_IDS = ['javascript', 'javascriptreact', 'typescript', 'typescriptreact'];

/** File extensions the extension lints, and how. */
const BY_EXTENSION = /** @type {Record<string, LanguageSetup>} */ ({
  '.js': { kind: 'js', jsx: true, sourceType: 'module' },
  '.mjs': { kind: 'js', jsx: false, sourceType: 'module' },
  '.cjs': { kind: 'js', jsx: false, sourceType: 'commonjs' },
  '.jsx': { kind: 'js', jsx: true, sourceType: 'module' },
  '.ts': { kind: 'ts', jsx: false, sourceType: 'module' },
  '.mts': { kind: 'ts', jsx: false, sourceType: 'module' },
  '.cts': { kind: 'ts', jsx: false, sourceType: 'module' },
  '.tsx': { kind: 'ts', jsx: true, sourceType: 'module' },
});

/** For untitled documents and files without a known extension. */
const BY_LANGUAGE_ID = /** @type {Record<string, LanguageSetup>} */ ({
  javascript: BY_EXTENSION['.js'],
  javascriptreact: BY_EXTENSION['.jsx'],
  typescript: BY_EXTENSION['.ts'],
  typescriptreact: BY_EXTENSION['.tsx'],
});

/**
 * @param {string} fileName
 * @param {string} languageId
 * @returns {LanguageSetup | undefined} undefined for documents the extension does not lint
 */
export function languageSetup(fileName, languageId) {
  const extension = /\.[^./\\]+$/.exec(fileName)?.[0].toLowerCase();
  if (extension && BY_EXTENSION[extension]) return BY_EXTENSION[extension];
  // Untitled buffers and names such as `Jakefile`: trust the language mode.
  return BY_LANGUAGE_ID[languageId];
}

/** Patterns for the flat config's `files`: every extension above. */
export const LINTED_FILE_PATTERNS = Object.keys(BY_EXTENSION).map((extension) => `**/*${extension}`);

/**
 * The name to hand ESLint: a relative path (ESLint resolves it against its cwd) that ends
 * in an extension the config matches, even for untitled buffers or extension-less files.
 * @param {string} relativePath workspace-relative path, or a bare name
 * @param {LanguageSetup} language
 */
export function lintFileName(relativePath, language) {
  const name = relativePath.replace(/\\/g, '/').replace(/^(\.?\/)+/, '') || 'untitled';
  const extension = /\.[^./]+$/.exec(name)?.[0].toLowerCase();
  if (extension && BY_EXTENSION[extension]) return name;
  return `${name}${language.kind === 'ts' ? '.ts' : '.js'}${language.jsx ? 'x' : ''}`;
}
