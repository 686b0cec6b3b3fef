import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createNounWords } from '../../../packages/eslint-plugin-unblock/rules/core/english/noun-words.js';
import { isOnlyANoun } from '../../../packages/eslint-plugin-unblock/rules/core/english/noun-test.js';

const require = createRequire(import.meta.url);
const compromise = require('compromise/two');
const nounWordsModule = new URL('../../../packages/eslint-plugin-unblock/rules/core/english/noun-words.js', import.meta.url).href;
/** Nouns, verbs, words that are both, plurals and words outside compromise's lexicon. */
const WORDS = ['user', 'settings', 'file', 'like', 'unlike', 'render', 'config', 'sanitize', 'posts', 'profile', 'invoice', 'fetch', 'it'];
const noTagger = () => {
  throw new Error('no tagger on this thread');
};

describe('analysis/english/noun-words', function () {
  this.timeout(30_000);

  it('answers on its own thread exactly what compromise answers', () => {
    // The linting thread has no tagger here: every right answer came from the thread.
    const words = createNounWords({ loadTagger: noTagger });
    words.startTaggerEarly();
    for (const word of WORDS) assert.equal(words.isNounWord(word), isOnlyANoun(compromise, word), word);
    assert.ok(WORDS.some((word) => words.isNounWord(word)), 'some of the words are nouns');
  });

  it('answers on the linting thread when no thread was started', () => {
    const words = createNounWords({ threadFile: null });
    for (const word of WORDS) assert.equal(words.isNounWord(word), isOnlyANoun(compromise, word), word);
  });

  it('answers on the linting thread when the thread file is missing (a bundle without it)', () => {
    const asked = [];
    const tagger = (/** @type {string} */ word) => {
      asked.push(word);
      return { has: (/** @type {string} */ tag) => tag === '#Noun' };
    };
    const words = createNounWords({ threadFile: new URL('file:///nowhere/tagger-thread.js'), loadTagger: () => tagger });
    words.startTaggerEarly();
    assert.equal(words.isNounWord('user'), true);
    assert.deepEqual(asked, ['user']);
  });

  it('falls back to the linting thread when the thread dies, without waiting once the death is known', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-tagger-'));
    try {
      const broken = path.join(dir, 'broken-thread.mjs');
      fs.writeFileSync(broken, "throw new Error('broken on purpose');\n");
      const words = createNounWords({ threadFile: pathToFileURL(broken), loadTagger: () => compromise, answerTimeoutMs: 60_000 });
      words.startTaggerEarly();
      // Let the thread fail and its exit be seen (a lint lets events run between files).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const start = performance.now();
      assert.equal(words.isNounWord('user'), isOnlyANoun(compromise, 'user'));
      assert.ok(performance.now() - start < 30_000, 'did not wait for the answer timeout');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers on the linting thread when its thread never answers', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-tagger-'));
    try {
      // A thread that starts and listens to nothing: the question must not hang the lint.
      const silent = path.join(dir, 'silent-thread.mjs');
      fs.writeFileSync(silent, "import { workerData } from 'node:worker_threads';\nworkerData.port.on('message', () => {});\n");
      const words = createNounWords({ threadFile: pathToFileURL(silent), loadTagger: () => compromise, answerTimeoutMs: 300 });
      words.startTaggerEarly();
      assert.equal(words.isNounWord('user'), isOnlyANoun(compromise, 'user'));
      assert.equal(words.isNounWord('render'), isOnlyANoun(compromise, 'render'), 'later words too, without the thread');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('presumes no noun when there is no tagger anywhere', () => {
    const words = createNounWords({ threadFile: null, loadTagger: noTagger });
    assert.equal(words.isNounWord('user'), false);
  });

  it('answers from its thread in a fresh process, and does not keep that process alive when it is done', () => {
    // No tagger on the main thread: a right answer comes from the thread. `node -e` also checks that the
    // thread does not inherit the script (it would run it again).
    const script = `import { createNounWords } from ${JSON.stringify(nounWordsModule)};
const words = createNounWords({ loadTagger: () => { throw new Error('no tagger here'); }, answerTimeoutMs: 15000 });
words.startTaggerEarly();
console.log(words.isNounWord('user'));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
    assert.equal(child.error, undefined, 'exited on its own within 20 s');
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout.trim(), 'true');
  });
});
