/**
 * Whether a word is a noun, from compromise's English lexicon and tagger. Loading the tagger
 * costs 0.4–0.5 s of CPU, once per process, and most lint runs ask only a handful of words
 * (4 on all of Ghost), so startTaggerEarly() loads it on a thread of its own
 * (tagger-thread.js) as soon as a file with awaits is analysed: the lint goes on meanwhile, and by
 * the first question the tagger is usually ready. Where no thread can be started (a host without
 * worker threads, a bundle without the thread's file), or it does not answer in time, the tagger
 * loads here, on the linting thread, as before.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import { isOnlyANoun } from './noun-test.js';

/** Longer than the tagger takes to load on a busy machine; past it, the answer is found here instead. */
const ANSWER_TIMEOUT_MS = 5000;

/**
 * @typedef {{ port: import('node:worker_threads').MessagePort, flag: Int32Array }} TaggerThread
 */

/**
 * @param {object} [options]
 * @param {URL | null} [options.threadFile] the thread's entry (null: never start one)
 * @param {() => any} [options.loadTagger] loads compromise on the calling thread
 * @param {number} [options.answerTimeoutMs]
 */
export function createNounWords({ threadFile = defaultThreadFile(), loadTagger = defaultLoadTagger, answerTimeoutMs = ANSWER_TIMEOUT_MS } = {}) {
  /** @type {TaggerThread | null | undefined} undefined: not started; null: none (failed or never) */
  let thread;
  /** @type {any} undefined: not loaded here; null: unavailable */
  let localTagger;
  /** @type {Map<string, boolean>} */
  const answers = new Map();

  /** Starts loading the tagger on its own thread, once; later calls do nothing. */
  function startTaggerEarly() {
    if (thread !== undefined) return;
    thread = startThread(threadFile, () => {
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
 * @param {URL | null} threadFile
 * @param {() => void} onEnd called if the thread fails or exits
 * @returns {TaggerThread | null}
 */
function startThread(threadFile, onEnd) {
  try {
    if (!threadFile || !fs.existsSync(fileURLToPath(threadFile))) return null;
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    // No inherited Node options: `node -e …` would run its script again in the thread, and loaders the lint needs are not the tagger's.
    const worker = new Worker(threadFile, { workerData: { port: port2, flag }, transferList: [port2], execArgv: [] });
    // Neither the thread nor its port keeps a finished lint's process alive.
    worker.unref();
    port1.unref();
    worker.on('error', onEnd);
    worker.on('exit', onEnd);
    return { port: port1, flag };
  } catch {
    return null;
  }
}

/**
 * @param {TaggerThread} thread
 * @param {string} word
 * @param {number} timeoutMs
 * @returns {boolean | undefined} undefined when the thread did not answer in time or could not tag
 */
function askThread({ port, flag }, word, timeoutMs) {
  Atomics.store(flag, 0, 0);
  port.postMessage(word);
  if (Atomics.wait(flag, 0, 0, timeoutMs) === 'timed-out') return undefined;
  const reply = receiveMessageOnPort(port);
  return typeof reply?.message === 'boolean' ? reply.message : undefined;
}

function defaultThreadFile() {
  try {
    return new URL('./tagger-thread.js', import.meta.url);
  } catch {
    return null;
  }
}

function defaultLoadTagger() {
  return createRequire(import.meta.url)('compromise/two');
}
