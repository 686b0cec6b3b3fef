// An ESLint parser for TypeScript that gives what @typescript-eslint/parser gives (same nodes,
// ranges, locations, tokens, comments and scopes) in a fraction of the time: the tree comes from
// oxc-parser (Rust, handed over by raw transfer), the tokens from TypeScript's scanner guided by
// that tree (oxc-parser's published builds return none), the scopes from typescript-eslint's own
// scope manager. Whatever this path does not cover goes to @typescript-eslint/parser unchanged:
// a runtime without raw transfer (Node < 22), a text oxc reports errors in (so the error message
// is typescript-eslint's), type-aware options, a script, a JavaScript file.
// scripts/equivalence/editor-equivalence.js and test/extension/oxc-parser.test.js compare the two.
import { parseSync, rawTransferSupported } from 'oxc-parser';
import { nestingWithin } from 'eslint-plugin-unblock/tooling';
import { analyze } from '@typescript-eslint/scope-manager';
import { visitorKeys } from '@typescript-eslint/visitor-keys';
import { createLocator, lineStarts } from './lines.js';
import { adoptTree } from './tree.js';
import { scanTokens } from './tokens.js';

/** @typedef {{ parseForESLint: (text: string, options?: any) => any }} EslintParser */

/**
 * @param {object} deps
 * @param {EslintParser} deps.fallback typescript-eslint's parser
 * @param {typeof import('typescript')} deps.ts TypeScript (its scanner)
 * @param {() => boolean} [deps.canUseOxc] false where raw transfer is unavailable
 * @returns {EslintParser & { meta: { name: string }, lastPath: () => 'oxc' | 'fallback' | undefined }}
 */
export function createOxcParser({ fallback, ts, canUseOxc = rawTransferSupported }) {
  /** @type {'oxc' | 'fallback' | undefined} which path the last parse took (for tests and measurements) */
  let last;
  const available = canUseOxc();

  /**
   * @param {string} text
   * @param {any} [parserOptions]
   */
  function parseForESLint(text, parserOptions = {}) {
    // A text nested deeply enough to overflow oxc's native stack would take the extension host down
    // with the lint worker, a thread of it; typescript-eslint's parser fails on it with an error instead.
    const lang = available && nestingWithin(text) ? oxcLanguage(parserOptions) : undefined;
    if (lang !== undefined) {
      try {
        const result = parseWithOxc(ts, text, lang, parserOptions);
        if (result) {
          last = 'oxc';
          return result;
        }
      } catch {
        // A bug here must not cost the user their lint: typescript-eslint parses instead.
      }
    }
    last = 'fallback';
    return fallback.parseForESLint(text, parserOptions);
  }

  return { meta: { name: 'unblock-oxc-typescript' }, parseForESLint, lastPath: () => last };
}

/**
 * oxc's language for what typescript-eslint would parse as TypeScript, from the file's extension
 * as typescript-eslint reads it; undefined where this parser does not go.
 * @param {any} options
 * @returns {'ts' | 'tsx' | 'dts' | undefined}
 */
export function oxcLanguage(options) {
  if (options.sourceType !== 'module') return undefined;
  if (options.project || options.projectService || options.programs || options.EXPERIMENTAL_useProjectService) return undefined;
  const file = String(options.filePath ?? '').toLowerCase();
  if (/\.d\.[cm]?ts$/.test(file)) return 'dts';
  const extension = /\.[^./\\]*$/.exec(file)?.[0] ?? '';
  if (extension === '.ts' || extension === '.mts' || extension === '.cts') return 'ts';
  if (extension === '.tsx') return 'tsx';
  if (['.js', '.mjs', '.cjs', '.jsx', '.json'].includes(extension)) return undefined;
  return options.ecmaFeatures?.jsx ? 'tsx' : 'ts';
}

/**
 * @param {typeof import('typescript')} ts
 * @param {string} text
 * @param {'ts' | 'tsx' | 'dts'} lang
 * @param {any} parserOptions
 * @returns {any} ESLint's parse result, or undefined when oxc reports an error
 */
function parseWithOxc(ts, text, lang, parserOptions) {
  const parsed = parseSync(`file.${lang === 'dts' ? 'd.ts' : lang}`, text, /** @type {any} */ ({
    lang, sourceType: 'module', astType: 'ts', range: true, preserveParens: false, experimentalRawTransfer: true,
  }));
  if (parsed.errors.length > 0) return undefined;
  const ast = /** @type {any} */ (parsed.program);
  const locator = createLocator(lineStarts(text), text.length);
  const hints = adoptTree(ast, text, locator);
  if (hints.refused) return undefined;
  ast.comments = parsed.comments.map((/** @type {any} */ comment) => ({ type: comment.type, loc: locator.loc(comment.start, comment.end), range: [comment.start, comment.end], value: comment.value }));
  ast.tokens = scanTokens(ts, text, hints, locator);
  ast.sourceType = parserOptions.sourceType;
  const scopeManager = analyze(ast, {
    globalReturn: parserOptions.ecmaFeatures?.globalReturn,
    jsxFragmentName: parserOptions.jsxFragmentName,
    jsxPragma: parserOptions.jsxPragma,
    lib: parserOptions.lib,
    sourceType: parserOptions.sourceType,
  });
  const services = {
    emitDecoratorMetadata: parserOptions.emitDecoratorMetadata === true,
    experimentalDecorators: parserOptions.experimentalDecorators === true,
    isolatedDeclarations: parserOptions.isolatedDeclarations === true,
    program: null,
    esTreeNodeToTSNodeMap: new WeakMap(),
    tsNodeToESTreeNodeMap: new WeakMap(),
  };
  return { ast, scopeManager, services, visitorKeys };
}
