/**
 * The one question asked of the English tagger (compromise), wherever it runs: is this word a
 * noun and nothing else a method name could mean (not also a verb, not a pronoun)?
 */

/**
 * @param {any} tagger compromise's `nlp` function
 * @param {string} word
 */
export function isOnlyANoun(tagger, word) {
  const doc = tagger(word);
  return Boolean(doc.has('#Noun') && !doc.has('#Verb') && !doc.has('#Pronoun'));
}
