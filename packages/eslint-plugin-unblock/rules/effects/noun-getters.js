/**
 * A method named by a noun (`api.user(id)`, `client.settings()`) whose
 * result is used reads that thing; whether a word is a noun or a verb comes
 * from an English lexicon and tagger (compromise, read from a table made from
 * it at build time: see ../language/english/noun-words.js), not from a word list of ours.
 * A word outside that lexicon is no noun: the tagger would only guess it.
 */
import { nameWords } from './call-names.js';
import { createNounWords } from '../language/english/noun-words.js';

/** One per process, shared by every file and rule. */
const nounWords = createNounWords();

/**
 * Nouns that name an action whose effect lies in its arguments: a query, a
 * request, a command can read or write anything.
 */
const ACTION_NOUNS = new Set([
  'query', 'request', 'call', 'command', 'rpc', 'sql', 'raw', 'exec', 'task', 'job', 'action', 'mutation',
  'operation', 'handler', 'hook', 'middleware', 'event', 'message', 'batch', 'pipeline', 'transaction', 'script',
]);

/**
 * Whether a method name is a noun getter: its first word is a noun (not also
 * a verb) and not a noun for an action.
 * @param {string} name
 */
export function isNounGetterName(name) {
  const [first] = nameWords(name);
  return first !== undefined && first.length > 1 && !ACTION_NOUNS.has(first) && nounWords.isNounWord(first);
}
