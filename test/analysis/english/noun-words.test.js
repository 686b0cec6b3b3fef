import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createNounWords } from '../../../packages/eslint-plugin-unblock/rules/core/english/noun-words.js';
import { isOnlyANoun } from '../../../packages/eslint-plugin-unblock/rules/core/english/noun-test.js';
import { ASKED_WORDS } from './asked-words.js';

const require = createRequire(import.meta.url);
const compromise = require('compromise/two');
const nounWordsModule = new URL('../../../packages/eslint-plugin-unblock/rules/core/english/noun-words.js', import.meta.url).href;
/** Nouns, verbs, words that are both, plurals, a pronoun, and words outside compromise's lexicon. */
const WORDS = ['user', 'settings', 'file', 'like', 'unlike', 'render', 'config', 'sanitize', 'posts', 'profile', 'invoice', 'fetch', 'it', 'json', 'parse'];
/** Made-up words no table holds: compromise tags them by its suffix rules and its noun fallback. */
const OUTSIDE = ['zorblaxify', 'quimbleness', 'frobnicated', 'snargle'];
const noTagger = () => {
  throw new Error('no tagger here');
};

describe('analysis/english/noun-words', function () {
  this.timeout(30_000);

  it('answers the words the rules asked on the corpora, fixtures and tests exactly as compromise does', () => {
    const words = createNounWords();
    for (const word of new Set([...Object.values(ASKED_WORDS).flat(), ...WORDS])) {
      assert.equal(words.isNounWord(word), isOnlyANoun(compromise, word), word);
    }
  });

  it('answers words of the table without loading compromise', () => {
    let loads = 0;
    const words = createNounWords({ loadTagger: () => { loads++; return noTagger(); } });
    for (const word of WORDS) assert.equal(words.isNounWord(word), isOnlyANoun(compromise, word), word);
    assert.equal(loads, 0);
    assert.equal(words.loadedTagger(), false);
  });

  it('asks compromise, loaded once, about a word outside the table', () => {
    let loads = 0;
    const words = createNounWords({ loadTagger: () => { loads++; return compromise; } });
    for (const word of OUTSIDE) assert.equal(words.isNounWord(word), isOnlyANoun(compromise, word), word);
    assert.ok(OUTSIDE.some((word) => words.isNounWord(word)) && OUTSIDE.some((word) => !words.isNounWord(word)), 'nouns and not');
    assert.equal(loads, 1);
    assert.equal(words.loadedTagger(), true);
  });

  it('presumes no noun for a word outside the table when compromise cannot be loaded', () => {
    const words = createNounWords({ loadTagger: noTagger });
    assert.equal(words.isNounWord('snargle'), false);
    assert.equal(words.isNounWord('user'), true, 'the table still answers');
  });

  it('leaves compromise unloaded in a fresh process that asks only table words', () => {
    const script = `import { createRequire } from 'node:module';
import { createNounWords } from ${JSON.stringify(nounWordsModule)};
const words = createNounWords();
const answers = ['user', 'json', 'render'].map((word) => words.isNounWord(word));
const loaded = Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('compromise'));
console.log(JSON.stringify({ answers, loaded, tagger: words.loadedTagger() }));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
    assert.equal(child.status, 0, child.stderr);
    const expected = ['user', 'json', 'render'].map((word) => isOnlyANoun(compromise, word));
    assert.deepEqual(JSON.parse(child.stdout), { answers: expected, loaded: false, tagger: false });
  });
});
