// The generated English table (packages/eslint-plugin-unblock/rules/language/english/lexicon-table.js) is stale when compromise would
// now answer differently, holds a word the table lacks, or is another version: regenerate it with
// `node scripts/english/build-lexicon-table.js`.
import assert from 'node:assert/strict';
import { ONLY_NOUNS, NOT_ONLY_NOUNS, TAGGER_VERSION } from '../../../rules/language/english/lexicon-table.js';
import { answersFor, compromiseVersion, compromiseWords, isAskable, loadCompromise } from '../../../../../scripts/english/lexicon-words.js';

const nouns = ONLY_NOUNS.split(/\s+/).filter(Boolean);
const others = NOT_ONLY_NOUNS.split(/\s+/).filter(Boolean);
const STALE = 'stale: run node scripts/english/build-lexicon-table.js';

describe('analysis/english/lexicon-table', function () {
  // Asking compromise about 30,000 words takes 10–20 s on a busy machine.
  this.timeout(180_000);
  const nlp = loadCompromise();

  it('comes from the installed compromise', () => {
    assert.equal(TAGGER_VERSION, compromiseVersion(), STALE);
  });

  it('holds every word of compromise\'s lexicon that a method name can start with, once', () => {
    const inTable = new Set([...nouns, ...others]);
    assert.equal(inTable.size, nouns.length + others.length, 'a word in both lists, or twice');
    const missing = compromiseWords(nlp).filter((word) => !inTable.has(word));
    assert.deepEqual(missing.slice(0, 20), [], STALE);
    assert.ok([...inTable].every(isAskable), 'only words an identifier splits into');
  });

  it('gives compromise\'s own answer for every word it holds', () => {
    const now = answersFor(nlp, [...nouns, ...others]);
    const tableNouns = new Set(nouns);
    const changed = [...now.nouns.filter((word) => !tableNouns.has(word)), ...now.others.filter((word) => tableNouns.has(word))];
    assert.deepEqual(changed.slice(0, 20), [], STALE);
  });
});
