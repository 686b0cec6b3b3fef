/**
 * The English tagger on a thread of its own. Unpacking compromise's lexicon takes 0.4–0.5 s of
 * CPU; started early (noun-words.js), that happens beside the lint instead of in the middle of it.
 * Each request is one word; the answer is whether it is only a noun, or null without a tagger.
 */
import { createRequire } from 'node:module';
import { serveRequests } from '../threads/serve-requests.js';
import { isOnlyANoun } from './noun-test.js';

/** @type {any} */
let tagger = null;
try {
  tagger = createRequire(import.meta.url)('compromise/two');
} catch {
  // Without the tagger every answer is null; the asking side then tags the word itself.
}
serveRequests((/** @type {string} */ word) => (tagger ? isOnlyANoun(tagger, word) : null));
