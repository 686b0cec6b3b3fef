/**
 * Whether a word is a noun, as compromise's English lexicon and tagger say. Unpacking compromise
 * costs 0.4–0.5 s of CPU per process, so its answers for the words the rules can ask are read from a
 * table written at build time by asking compromise the same question (lexicon-table.js, from
 * scripts/english/build-lexicon-table.js): its whole lexicon and the words of the identifiers
 * declared in node_modules' type declarations. The set of words is open (any first word of a method
 * name), so a word outside the table is still asked of compromise, loaded here on first need.
 */
import { createRequire } from 'node:module';
import { ONLY_NOUNS, NOT_ONLY_NOUNS } from './lexicon-table.js';
import { isOnlyANoun } from './noun-test.js';

/** @typedef {{ nouns: ReadonlySet<string>, others: ReadonlySet<string> }} NounTable */

/** @type {NounTable | undefined} built on the first question: most lint runs ask none */
let generatedTable;

/** @returns {NounTable} */
function readGeneratedTable() {
  generatedTable ??= { nouns: wordSet(ONLY_NOUNS), others: wordSet(NOT_ONLY_NOUNS) };
  return generatedTable;
}

/** @param {string} words whitespace-separated */
const wordSet = (words) => new Set(words.split(/\s+/).filter(Boolean));

/**
 * @param {object} [options]
 * @param {() => NounTable} [options.table] the words answered without compromise
 * @param {() => any} [options.loadTagger] loads compromise, for a word outside the table
 */
export function createNounWords({ table = readGeneratedTable, loadTagger = defaultLoadTagger } = {}) {
  /** @type {any} undefined: not loaded; null: unavailable */
  let tagger;
  /** @type {Map<string, boolean>} answers compromise gave for words outside the table */
  const asked = new Map();

  /**
   * @param {string} word
   * @returns {boolean} false when the word is outside the table and compromise is unavailable: no evidence, no noun
   */
  function isNounWord(word) {
    const { nouns, others } = table();
    if (nouns.has(word)) return true;
    if (others.has(word)) return false;
    const known = asked.get(word);
    if (known !== undefined) return known;
    if (tagger === undefined) {
      try {
        tagger = loadTagger();
      } catch {
        tagger = null;
      }
    }
    const noun = tagger ? isOnlyANoun(tagger, word) : false;
    if (asked.size > 5000) asked.clear();
    asked.set(word, noun);
    return noun;
  }

  /** Whether compromise had to be loaded (a word outside the table was asked). */
  const loadedTagger = () => tagger !== undefined;

  return { isNounWord, loadedTagger };
}

function defaultLoadTagger() {
  return createRequire(import.meta.url)('compromise/two');
}
