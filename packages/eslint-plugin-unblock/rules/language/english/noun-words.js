/**
 * Whether a word is a noun, as compromise's English lexicon and tagger say, read from a table
 * written at build time by asking compromise the question (lexicon-table.js, from
 * scripts/english/build-lexicon-table.js): its whole lexicon and the words of the identifiers
 * declared in node_modules' type declarations.
 *
 * A word outside the table is not in compromise's lexicon either: compromise would guess its part
 * of speech from its suffix and fall back to "noun", and a guess is not evidence that a call only
 * reads. Such a word is no noun here, so its call keeps its place (the rules stay silent). Answering
 * it by unpacking compromise at run time cost 0.4–0.5 s of CPU per process for one word.
 */
import { ONLY_NOUNS } from './lexicon-table.js';

/**
 * The words that are only a noun. The table's other list (words that are something else too) is
 * what makes it complete for its staleness test; here a word outside the nouns is no noun either
 * way, so that list is never turned into a set.
 * @typedef {{ nouns: ReadonlySet<string> }} NounTable
 */

/** @type {NounTable | undefined} built on the first question: most lint runs ask none */
let generatedTable;

/** @returns {NounTable} */
function readGeneratedTable() {
  generatedTable ??= { nouns: wordSet(ONLY_NOUNS) };
  return generatedTable;
}

/** @param {string} words whitespace-separated */
const wordSet = (words) => new Set(words.split(/\s+/).filter(Boolean));

/**
 * @param {object} [options]
 * @param {() => NounTable} [options.table] the words and their answers
 */
export function createNounWords({ table = readGeneratedTable } = {}) {
  /**
   * @param {string} word
   * @returns {boolean} false for a word outside the table: no evidence, no noun
   */
  function isNounWord(word) {
    return table().nouns.has(word);
  }

  return { isNounWord };
}
