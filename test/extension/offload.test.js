// The worker-offload quick fix as the extension computes it: planned in the lint run, mapped to
// an action that creates the worker module and edits the document.
import assert from 'node:assert/strict';
import { Linter } from 'eslint/universal';
import * as tsParser from '@typescript-eslint/parser';
import unblock from '../../packages/eslint-plugin-unblock/index.js';
import { planWorkerOffloads } from '../../packages/eslint-plugin-unblock/rules/no-blocking-sync-call/report/worker-offload.js';
import { createLintRunner } from '../../extension/src/lint/run-lint.js';
import { createLineIndex } from '../../extension/src/mapping/positions.js';
import { toDiagnosticRecord } from '../../extension/src/mapping/diagnostics.js';

// exportCsv() has no caller in this one file: the blocking rule reports it once unknown callers are.
const settings = { severity: {}, ruleOptions: { 'no-blocking-sync-call': { includeUnknownCallers: true } } };
const lookup = { severityFor: () => /** @type {const} */ ('warning'), docsUrlFor: () => undefined };

const source = `import Papa from 'papaparse';
export async function exportCsv(req, res) {
  res.end(Papa.unparse(req.rows));
}
`;

/** Applies 0-based text edits (sorted, not overlapping) to a text. */
function applyEdits(/** @type {string} */ text, /** @type {import('../../extension/src/mapping/diagnostics.js').TextEdit[]} */ edits) {
  const index = createLineIndex(text);
  let output = text;
  for (const edit of [...edits].reverse()) {
    output = output.slice(0, index.positionToOffset(edit.range.start)) + edit.newText + output.slice(index.positionToOffset(edit.range.end));
  }
  return output;
}

describe('extension: move CPU work to a worker pool', () => {
  it('offers creating the worker module and calling the pool; the rewritten file has no report left', () => {
    const { lintText } = createLintRunner({ Linter, plugin: unblock, loadTsParser: () => tsParser, planWorkerOffloads });
    const [message] = lintText(source, { fileName: 'src/export.js', languageId: 'javascript', settings }).messages;
    assert.equal(message.messageId, 'offloadToWorker');
    const record = toDiagnosticRecord(message, createLineIndex(source), lookup);
    assert.equal(record.offload.title, 'Move to a worker pool: create papaparse-unparse.worker.js and call await papaparseUnparsePool.run([…])');
    assert.equal(record.offload.workerFile, 'papaparse-unparse.worker.js');
    assert.match(record.offload.workerSource, /return papaparse\.unparse\(\.\.\.args\);/);
    const fixed = applyEdits(source, record.offload.edits);
    assert.match(fixed, /res\.end\(await papaparseUnparsePool\.run\(\[req\.rows\]\)\);/);
    assert.deepEqual(lintText(fixed, { fileName: 'src/export.js', languageId: 'javascript', settings }).messages, []);
  });

  it('offers nothing when the runner has no planner, or for TypeScript', () => {
    const withoutPlanner = createLintRunner({ Linter, plugin: unblock, loadTsParser: () => tsParser });
    const [plain] = withoutPlanner.lintText(source, { fileName: 'src/export.js', languageId: 'javascript', settings }).messages;
    assert.equal(toDiagnosticRecord(plain, createLineIndex(source), lookup).offload, undefined);
    const { lintText } = createLintRunner({ Linter, plugin: unblock, loadTsParser: () => tsParser, planWorkerOffloads });
    const [ts] = lintText(source, { fileName: 'src/export.ts', languageId: 'typescript', settings }).messages;
    assert.equal(ts.messageId, 'offloadToWorker');
    assert.equal(toDiagnosticRecord(ts, createLineIndex(source), lookup).offload, undefined);
  });
});
