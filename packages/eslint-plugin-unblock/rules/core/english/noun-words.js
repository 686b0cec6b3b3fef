/**
 * Whether a word is a noun, from compromise's English lexicon and tagger. Loading the tagger
 * costs 0.4–0.5 s of CPU, once per process, and most lint runs ask only a handful of words
 * (4 on all of Ghost), so startTaggerEarly() loads it on a thread of its own
 * (tagger-thread.js) as soon as a file with awaits is analysed: the lint goes on meanwhile, and by
 * the first question the tagger is usually ready. Where no thread can be started (a host without
 * worker threads, a bundle without the thread's file), or it does not answer in time, the tagger
 * loads here, on the linting thread, as before.
 */
import { createRequire } from 'node:module';
import { startHelperThread, send, receive, entryBeside } from '../threads/helper-thread.js';
import { isOnlyANoun } from './noun-test.js';

/** Longer than the tagger takes to load on a busy machine; past it, the answer is found here instead. */
const ANSWER_TIMEOUT_MS = 5000;

/**
 * @param {object} [options]
 * @param {URL | null} [options.threadFile] the thread's entry (null: never start one)
 * @param {() => any} [options.loadTagger] loads compromise on the calling thread
 * @param {number} [options.answerTimeoutMs]
 */
export function createNounWords({ threadFile = entryBeside('./tagger-thread.js', import.meta.url), loadTagger = defaultLoadTagger, answerTimeoutMs = ANSWER_TIMEOUT_MS } = {}) {
  /** @type {import('../threads/helper-thread.js').HelperThread | null | undefined} undefined: not started; null: none (failed or never) */
  let thread;
  /** @type {any} undefined: not loaded here; null: unavailable */
  let localTagger;
  /** @type {Map<string, boolean>} */
  const answers = new Map();

  /** Starts loading the tagger on its own thread, once; later calls do nothing. */
  function startTaggerEarly() {
    if (thread !== undefined) return;
    thread = startHelperThread(threadFile, () => {
      // A thread that dies (it should not) is noticed when the lint lets events run; until then a question times out.
      thread = null;
    });
  }

  /** @param {string} word */
  function askHere(word) {
    if (localTagger === undefined) {
      try {
        localTagger = loadTagger();
      } catch {
        localTagger = null;
      }
    }
    return localTagger ? isOnlyANoun(localTagger, word) : false;
  }

  /**
   * @param {string} word
   * @returns {boolean} false when the tagger is unavailable: no evidence, no noun
   */
  function isNounWord(word) {
    const known = answers.get(word);
    if (known !== undefined) return known;
    let noun = thread ? askThread(thread, word, answerTimeoutMs) : undefined;
    if (noun === undefined) {
      // No thread, or one that did not answer: stop using it and answer here.
      thread = null;
      noun = askHere(word);
    }
    if (answers.size > 5000) answers.clear();
    answers.set(word, noun);
    return noun;
  }

  return { startTaggerEarly, isNounWord };
}

/**
 * @param {import('../threads/helper-thread.js').HelperThread} thread
 * @param {string} word
 * @param {number} timeoutMs
 * @returns {boolean | undefined} undefined when the thread did not answer in time or could not tag
 */
function askThread(thread, word, timeoutMs) {
  send(thread, word);
  const reply = receive(thread, timeoutMs);
  return typeof reply?.answer === 'boolean' ? reply.answer : undefined;
}

function defaultLoadTagger() {
  return createRequire(import.meta.url)('compromise/two');
}
