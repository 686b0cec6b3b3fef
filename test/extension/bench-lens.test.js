/**
 * The "Benchmark" CodeLens is offered exactly on the reports "Benchmark this function" can
 * measure: the lint runner marks each report with the bench's own predicate
 * (bench-runner/measurable.js), and for each report in a file with every kind the function bench
 * agrees: a harness built at a measurable report has a fix to measure, one at another has none.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint/universal';
import * as tsParser from '@typescript-eslint/parser';
import unblock from '../../packages/eslint-plugin-unblock/index.js';
import { planWorkerOffloads } from '../../packages/eslint-plugin-unblock/tooling.js';
import { createLintRunner } from '../../extension/src/lint/run-lint.js';
import { createLineIndex } from '../../extension/src/mapping/positions.js';
import { toDiagnosticRecord } from '../../extension/src/mapping/diagnostics.js';
import { functionBenchMeasures, functionBenchVerdict } from '../../packages/unblock-bench/measurable.js';
import { buildFunctionHarness } from '../../packages/unblock-bench/harness/build.js';

const { lintText } = createLintRunner({ Linter, plugin: unblock, loadTsParser: () => tsParser, planWorkerOffloads, benchMeasures: functionBenchMeasures });
/** Unknown callers reported, as a handler file on its own would be in a project. */
const settings = {
  severity: {},
  ruleOptions: { 'no-blocking-sync-call': { includeUnknownCallers: true, packages: ['bcryptjs', 'papaparse'] } },
};

// Away from this repository's node_modules: native bcrypt does not resolve, so bcryptjs has no rewrite.
const source = `import bcryptjs from 'bcryptjs';
import Papa from 'papaparse';
import { pbkdf2Sync } from 'node:crypto';

export async function login(password) {
  return bcryptjs.hashSync(password, 10);
}

export async function derive(password) {
  return pbkdf2Sync(password, 'salt', 1000, 32, 'sha256').toString('hex');
}

export async function exportCsv(rows) {
  return Papa.unparse(rows);
}

async function lookup(key) {
  await new Promise((resolve) => setImmediate(resolve));
  return key.toUpperCase();
}

export async function profile(id) {
  const user = await lookup(\`user:\${id}\`);
  const orders = await lookup(\`orders:\${id}\`);
  return { user, orders };
}
`;

describe('extension: the "Benchmark" CodeLens follows the bench', function () {
  this.timeout(60000);

  it('marks only the reports the function bench can measure, and the harness agrees on every one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'unblock-lens-'));
    try {
      const file = path.join(dir, 'handlers.js');
      await writeFile(file, source);
      const result = lintText(source, { fileName: 'handlers.js', cwd: dir, languageId: 'javascript', settings });
      assert.equal(result?.configError, undefined);
      const records = (result?.messages ?? []).map((m) => toDiagnosticRecord(m, createLineIndex(source), { severityFor: () => 'warning', docsUrlFor: () => undefined }));
      const byLine = records.map((r) => [r?.range.start.line + 1, r?.ruleId, r?.benchable]);
      assert.deepEqual(byLine, [
        [6, 'unblock/no-blocking-sync-call', false],
        [10, 'unblock/no-blocking-sync-call', true],
        [14, 'unblock/no-blocking-sync-call', false],
        [23, 'unblock/no-await-waterfall', true],
      ]);
      for (const [line, , benchable] of byLine) {
        const harness = await buildFunctionHarness({ file, line: Number(line) });
        assert.equal(harness.refusal, undefined, `line ${line}: ${harness.refusal}`);
        assert.equal(harness.after?.fixed, benchable, `line ${line}: the lens says ${benchable ? '' : 'not '}measurable`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says why a report is not measurable', () => {
    assert.deepEqual(functionBenchVerdict({ ruleId: 'unblock/no-blocking-sync-call', messageId: 'bcryptjsBlocking', suggestions: [] }), {
      measurable: false,
      reason: 'it is a call into an npm package, which the function bench replaces with a simulated value; benchmark the module with a fixture.json instead, where the package runs (docs/bench.md#fixturejson)',
    });
    assert.deepEqual(functionBenchVerdict({ ruleId: 'unblock/no-blocking-sync-call', messageId: 'blocking', suggestions: [] }), {
      measurable: false,
      reason: 'the rule offers no rewrite for it, so there is no "after" to compare',
    });
    assert.deepEqual(functionBenchVerdict({ ruleId: 'unblock/no-await-waterfall', messageId: 'waterfall', suggestions: [{}] }), { measurable: true });
  });
});
