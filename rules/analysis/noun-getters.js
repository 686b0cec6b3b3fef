/**
 * A method named by a noun (`api.user(id)`, `client.settings()`) whose
 * result is used reads that thing; whether a word is a noun or a verb comes
 * from an English lexicon and tagger (compromise), not from a word list of
 * ours. Loaded on first use: most files never ask.
 */
import { createRequire } from 'node:module';
import { nameWords } from './call-classification.js';

const require = createRequire(import.meta.url);

/**
 * Nouns that name an action whose effect lies in its arguments: a query, a
 * request, a command can read or write anything.
 */
const ACTION_NOUNS = new Set([
  'query', 'request', 'call', 'command', 'rpc', 'sql', 'raw', 'exec', 'task', 'job', 'action', 'mutation',
  'operation', 'handler', 'hook', 'middleware', 'event', 'message', 'batch', 'pipeline', 'transaction', 'script',
]);

/** @type {any} */
let tagger;
/** @type {Map<string, boolean>} */
const nounWords = new Map();

/** @param {string} word */
function isNounWord(word) {
  let noun = nounWords.get(word);
  if (noun === undefined) {
    if (tagger === undefined) {
      try {
        tagger = require('compromise/two');
      } catch {
        tagger = null;
      }
    }
    const doc = tagger?.(word);
    noun = Boolean(doc && doc.has('#Noun') && !doc.has('#Verb') && !doc.has('#Pronoun'));
    if (nounWords.size > 5000) nounWords.clear();
    nounWords.set(word, noun);
  }
  return noun;
}

/**
 * Whether a method name is a noun getter: its first word is a noun (not also
 * a verb) and not a noun for an action.
 * @param {string} name
 */
export function isNounGetterName(name) {
  const [first] = nameWords(name);
  return first !== undefined && first.length > 1 && !ACTION_NOUNS.has(first) && isNounWord(first);
}
