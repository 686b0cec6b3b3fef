'use strict';
/**
 * The mocha reporter of `npm test` and of each package's tests: one line per test file as it
 * finishes (its tests passed, failed and skipped, and how long it took), so a run of some minutes
 * shows where it is and which files are slow, without a line per test; a failing test is named
 * under its file at once, and in full, with its stack, in mocha's own summary at the end.
 * CommonJS because mocha loads reporters with require().
 */
const path = require('node:path');
const Mocha = require('mocha');

const { Base } = Mocha.reporters;
const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;

class FileReporter extends Base {
  /**
   * @param {import('mocha').Runner} runner
   * @param {import('mocha').MochaOptions} [options]
   */
  constructor(runner, options) {
    super(runner, options);
    /** @type {{ file: string, passed: number, failed: number, pending: number, started: number, failures: string[] } | null} */
    let current = null;
    const flush = () => {
      if (!current) return;
      const { file, passed, failed, pending, started, failures } = current;
      const counts = [`${passed} passing`, failed ? `${failed} failing` : '', pending ? `${pending} pending` : ''].filter(Boolean).join(', ');
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      Base.consoleLog(`  ${failed ? '✗' : '✓'} ${path.relative(process.cwd(), file)}  ${counts}  ${seconds} s`);
      for (const title of failures) Base.consoleLog(`      failed: ${title}`);
      current = null;
    };
    /** @param {string | undefined} file */
    const track = (file) => {
      if (!file || current?.file === file) return;
      flush();
      current = { file, passed: 0, failed: 0, pending: 0, started: Date.now(), failures: [] };
    };
    runner.on(EVENT_SUITE_BEGIN, (suite) => track(suite.file));
    runner.on(EVENT_TEST_PASS, (test) => {
      track(test.file);
      if (current) current.passed += 1;
    });
    runner.on(EVENT_TEST_PENDING, (test) => {
      track(test.file);
      if (current) current.pending += 1;
    });
    runner.on(EVENT_TEST_FAIL, (test) => {
      // A failing hook counts too: its tests never ran.
      track(test.file);
      if (current) {
        current.failed += 1;
        current.failures.push(test.fullTitle());
      }
    });
    runner.once(EVENT_RUN_END, () => {
      flush();
      this.epilogue();
    });
  }
}

module.exports = FileReporter;
