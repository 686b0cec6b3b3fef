import assert from 'node:assert/strict';
import { buildAfterSource, loadPlugin } from '../../index.js';

const csvExport = `import Papa from 'papaparse';
export default async function handler(req, res) {
  res.end(Papa.unparse(req.json));
  res.end(Papa.unparse(req.other));
}
`;

describe('bench-runner: the "after" variant of CPU work with no async form', () => {
  it('moves each call to the piscina pool, returns the worker module once, and shows it in the diff', async () => {
    const plugin = await loadPlugin();
    const after = buildAfterSource(csvExport, { rules: ['unblock/no-blocking-sync-call'], filename: 'server.js', plugin });
    assert.equal(after.changed, true);
    assert.deepEqual(after.files.map((f) => f.name), ['papaparse-unparse.worker.js']);
    assert.equal(after.source.match(/new Piscina\(/g)?.length, 1);
    assert.equal(after.source.match(/await papaparseUnparsePool\.run\(\[req\.(json|other)\]\)/g)?.length, 2);
    assert.deepEqual(after.unfixed, []);
    assert.match(after.diff, /--- \/dev\/null\n\+\+\+ after\/papaparse-unparse\.worker\.js/);
  });

  it('has no new files when nothing is moved', async () => {
    const plugin = await loadPlugin();
    const after = buildAfterSource('export default (req, res) => res.end("ok");\n', { rules: ['unblock/no-blocking-sync-call'], filename: 'server.js', plugin });
    assert.deepEqual(after.files, []);
  });
});
