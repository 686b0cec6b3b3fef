/**
 * The English tagger on a thread of its own. Unpacking compromise's lexicon takes 0.4–0.5 s of
 * CPU; started early (noun-words.js), that happens beside the lint instead of in the middle of it.
 * The linting thread asks one word at a time and waits on a shared flag for the answer, since
 * rules run synchronously.
 */
import { createRequire } from 'node:module';
import { workerData } from 'node:worker_threads';
import { isOnlyANoun } from './noun-test.js';

/** @type {{ port: import('node:worker_threads').MessagePort, flag: Int32Array }} */
const { port, flag } = workerData;
/** @type {any} */
let tagger = null;
try {
  tagger = createRequire(import.meta.url)('compromise/two');
} catch {
  // Without the tagger every answer is "unknown"; the asking side then presumes no noun.
}
/** @param {string} word @returns {boolean | null} null: no answer (the asking side then tags it itself) */
function answer(word) {
  try {
    return tagger ? isOnlyANoun(tagger, word) : null;
  } catch {
    return null;
  }
}
port.on('message', (/** @type {string} */ word) => {
  port.postMessage(answer(word));
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
