import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createNounWords } from '../../../rules/language/english/noun-words.js';
import { isOnlyANoun } from '../../../../../scripts/english/noun-test.js';
import { ASKED_WORDS } from './asked-words.js';

const require = createRequire(import.meta.url);
const compromise = require('compromise/two');
const nounWordsModule = new URL('../../../rules/language/english/noun-words.js', import.meta.url).href;
/** Nouns, verbs, words that are both, plurals, a pronoun, and words outside compromise's lexicon. */
const WORDS = ['user', 'settings', 'file', 'like', 'unlike', 'render', 'config', 'sanitize', 'posts', 'profile', 'invoice', 'fetch', 'it', 'json', 'parse'];
/** Made-up words no table holds: compromise would tag them by its suffix rules and its noun fallback. */
const OUTSIDE = ['zorblaxify', 'quimbleness', 'frobnicated', 'snargle'];

describe('analysis/english/noun-words', function () {
  this.timeout(30_000);

  it('answers the words the rules asked on the corpora, fixtures and tests exactly as compromise does', () => {
    const words = createNounWords();
    for (const word of new Set([...Object.values(ASKED_WORDS).flat(), ...WORDS])) {
      assert.equal(words.isNounWord(word), isOnlyANoun(compromise, word), word);
    }
  });

  it('takes no word outside the table for a noun, although compromise would guess some are', () => {
    // A word outside compromise's lexicon gets a part of speech guessed from its suffix, "noun" by
    // default: a guess, not evidence that a method named by it only reads. Such a call keeps its place.
    const words = createNounWords();
    for (const word of OUTSIDE) assert.equal(words.isNounWord(word), false, word);
    assert.ok(OUTSIDE.some((word) => isOnlyANoun(compromise, word)), 'compromise guesses at least one a noun');
    assert.equal(words.isNounWord('user'), true, 'the table still answers');
  });

  it('answers from the table it is given', () => {
    const words = createNounWords({ table: () => ({ nouns: new Set(['widget']), others: new Set(['render']) }) });
    assert.deepEqual(['widget', 'render', 'user'].map((word) => words.isNounWord(word)), [true, false, false]);
  });

  it('never loads compromise in a fresh process, whatever it is asked', () => {
    const script = `import { createRequire } from 'node:module';
import { createNounWords } from ${JSON.stringify(nounWordsModule)};
const words = createNounWords();
const answers = ['user', 'json', 'render', 'snargle'].map((word) => words.isNounWord(word));
const loaded = Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('compromise'));
console.log(JSON.stringify({ answers, loaded }));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
    assert.equal(child.status, 0, child.stderr);
    const expected = [...['user', 'json', 'render'].map((word) => isOnlyANoun(compromise, word)), false];
    assert.deepEqual(JSON.parse(child.stdout), { answers: expected, loaded: false });
  });
});
