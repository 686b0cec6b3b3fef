import assert from 'node:assert/strict';
import { readSettings, severityFor } from '../../extension/src/settings.js';

/** @param {Record<string, unknown>} values */
const from = (values) => readSettings((key) => values[key]);

describe('extension: settings', () => {
  it('has working defaults when nothing is set', () => {
    const { settings, problems } = from({});
    assert.deepEqual(problems, []);
    assert.equal(settings.enable, true);
    assert.equal(settings.lintEnable, true);
    assert.equal(settings.lintDelay, 150);
    assert.equal(settings.codeLensEnable, true);
    assert.deepEqual(settings.bench, {});
    assert.equal(severityFor(settings, 'unblock/no-await-waterfall'), 'warning');
  });

  it('reads per-rule severity with or without the unblock/ prefix', () => {
    const { settings } = from({ severity: { 'no-await-waterfall': 'error', 'unblock/no-blocking-sync-call': 'off' } });
    assert.equal(severityFor(settings, 'unblock/no-await-waterfall'), 'error');
    assert.equal(severityFor(settings, 'no-blocking-sync-call'), 'off');
  });

  it('keeps rule options as given, keyed without the prefix', () => {
    const options = { orderedCallees: ['audit.log'] };
    assert.deepEqual(from({ ruleOptions: { 'unblock/no-await-waterfall': options } }).settings.ruleOptions, { 'no-await-waterfall': options });
  });

  it('passes bench numbers through and leaves null ones to the runner', () => {
    const { settings, problems } = from({ 'bench.duration': 0.5, 'bench.connections': [1, 10], 'bench.rounds': 2, 'bench.threadPoolSize': null });
    assert.deepEqual(problems, []);
    assert.deepEqual(settings.bench, { duration: 0.5, connections: [1, 10], rounds: 2 });
  });

  it('falls back to defaults on bad values and says which setting was wrong', () => {
    const { settings, problems } = from({
      enable: 'yes',
      'lint.delay': -1,
      severity: { 'no-await-waterfall': 'loud' },
      'bench.rounds': 2.5,
      'bench.connections': [0],
      ruleOptions: [1],
    });
    assert.equal(settings.enable, true);
    assert.equal(settings.lintDelay, 150);
    assert.equal(severityFor(settings, 'no-await-waterfall'), 'warning');
    assert.deepEqual(settings.bench, {});
    assert.deepEqual(settings.ruleOptions, {});
    assert.deepEqual(problems, [
      'unblock.severity["no-await-waterfall"] must be one of error, warning, information, hint, off',
      'unblock.ruleOptions must be an object keyed by rule id',
      'unblock.bench.rounds must be a whole number from 1 to 100',
      'unblock.bench.connections must be a list of whole numbers from 1 to 1000, e.g. [1, 10]',
      'unblock.enable must be true or false',
      'unblock.lint.delay must be a whole number from 0 to 5000',
    ]);
  });
});
