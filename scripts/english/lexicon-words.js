/**
 * The words the English table (packages/eslint-plugin-unblock/rules/language/english/lexicon-table.js) holds, and how each answer is
 * found: by asking compromise itself the one question the rules ask (noun-test.js). Shared by the
 * script that writes the table and the test that fails when it is stale.
 *
 * The rules ask about the first word of a method name (effects/noun-getters.js), so the words they
 * can ask are any lower-case word an identifier splits into: an open set. The table holds
 *  - every word of compromise's lexicon (with its inflections) and of its noun/verb switches that an
 *    identifier can split into: there compromise answers from its lexicon, and
 *  - the words of every identifier declared in the type declarations (.d.ts) installed in
 *    node_modules: the vocabulary of JavaScript APIs (json, parse, info, sanitize …), which compromise
 *    mostly does not know and tags by its suffix rules and its noun fallback.
 * A word outside the table is answered by compromise at run time (english/noun-words.js).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { nameWords } from '../../packages/eslint-plugin-unblock/rules/effects/call-names.js';
import { isOnlyANoun } from './noun-test.js';

const require = createRequire(import.meta.url);

/** @returns {any} compromise's `nlp` with its tagger (the build the rules load) */
export function loadCompromise() {
  return require('compromise/two');
}

/** compromise's exports map hides its package.json: read it from the folder of the build it exports. */
export function compromiseVersion() {
  const dir = path.resolve(path.dirname(require.resolve('compromise/two')), '..', '..');
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/** Characters an identifier may hold after its first (`$` and `_` split words, see nameWords). */
const IDENTIFIER_PART = /^[\p{ID_Continue}]+$/u;

/**
 * Whether the rules could ask this word: an identifier splits into exactly it.
 * @param {string} word
 */
export function isAskable(word) {
  if (!IDENTIFIER_PART.test(word)) return false;
  const words = nameWords(word);
  return words.length === 1 && words[0] === word;
}

/**
 * @param {any} nlp
 * @returns {string[]} every askable word compromise's lexicon or switches hold, sorted
 */
export function compromiseWords(nlp) {
  const model = nlp.model();
  const words = new Set([...Object.keys(model.one.lexicon), ...Object.keys(model.two.switches)].filter(isAskable));
  return [...words].sort();
}

/**
 * The words of every identifier in the .d.ts files under a node_modules folder.
 * @param {string} nodeModules
 * @returns {string[]} sorted
 */
export function declaredWords(nodeModules) {
  /** @type {typeof import('typescript')} */
  const ts = require('typescript');
  const words = new Set();
  const files = fs.readdirSync(nodeModules, { recursive: true }).map(String).filter((file) => file.endsWith('.d.ts')).sort();
  for (const file of files) {
    let text;
    try {
      text = fs.readFileSync(path.join(nodeModules, file), 'utf8');
    } catch {
      continue; // a dangling link in node_modules
    }
    const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
    for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
      if (kind !== ts.SyntaxKind.Identifier) continue;
      for (const word of nameWords(scanner.getTokenValue())) if (isAskable(word)) words.add(word);
    }
  }
  return [...words].sort();
}

/**
 * compromise's answer for each word.
 * @param {any} nlp
 * @param {Iterable<string>} words
 * @returns {{ nouns: string[], others: string[] }} sorted
 */
export function answersFor(nlp, words) {
  /** @type {string[]} */
  const nouns = [];
  /** @type {string[]} */
  const others = [];
  for (const word of [...new Set(words)].sort()) (isOnlyANoun(nlp, word) ? nouns : others).push(word);
  return { nouns, others };
}
