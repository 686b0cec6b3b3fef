// Loaded by VS Code's extension host as `extensionTestsPath`: runs one mocha suite in the
// real extension host (real `vscode` API) and writes the results where the outer runner reads
// them. CommonJS because the extension host loads test runners with require().
const path = require('node:path');
const fs = require('node:fs');
const Mocha = require('mocha');

exports.run = function run() {
  const suite = process.env.UNBLOCK_E2E_SUITE;
  const control = process.env.UNBLOCK_E2E_CONTROL;
  if (!suite || !control) return Promise.reject(new Error('UNBLOCK_E2E_SUITE and UNBLOCK_E2E_CONTROL must be set by test/e2e/run.js'));
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
  mocha.addFile(path.join(__dirname, `${suite}.test.cjs`));
  return new Promise((resolve, reject) => {
    /** @type {{ title: string, state: string, error?: string, ms?: number }[]} */
    const results = [];
    const runner = mocha.run((failures) => {
      fs.writeFileSync(path.join(control, 'results.json'), JSON.stringify(results, null, 2));
      if (failures > 0) reject(new Error(`${failures} end-to-end test(s) failed`));
      else resolve();
    });
    runner.on('pass', (test) => results.push({ title: test.fullTitle(), state: 'passed', ms: test.duration }));
    runner.on('fail', (test, error) => results.push({ title: test.fullTitle(), state: 'failed', error: String(error && error.stack || error) }));
  });
};
