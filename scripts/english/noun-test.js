/**
 * The one question asked of the English tagger (compromise) when the rules' lexicon table is built
 * (build-lexicon-table.js) and checked by its tests: is this word a noun and nothing else a method
 * name could mean (not also a verb, not a pronoun)? The rules read the answers from the table.
 */

/**
 * @param {any} tagger compromise's `nlp` function
 * @param {string} word
 */
export function isOnlyANoun(tagger, word) {
  const doc = tagger(word);
  return Boolean(doc.has('#Noun') && !doc.has('#Verb') && !doc.has('#Pronoun'));
}
