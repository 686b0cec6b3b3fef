/**
 * Source files that start with a byte-order mark (some Windows editors write one). ESLint lints their
 * text without it, and the project index reads them as ESLint does: with the mark, every offset was one
 * further than the linted tree's, no function of such a file was known to the index, and a blocking
 * call reached from a route was not reported at all.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { lint, project, removeTemporaries } from '../cache/cache-project.js';

const MARK = '\uFEFF';

/** A route in a file of its own that runs the fixture's hashPassword (a pbkdf2Sync) per request. */
const LEDGER_ROUTE = `import express from 'express';
import { hashPassword } from './passwords.js';

export const ledger = express.Router();

ledger.put('/ledger/:id/seal', async (req, res) => {
  res.json({ seal: hashPassword(req.params.id, req.body.pepper) });
});
`;

/** @param {string} file */
function markFile(file) {
  fs.writeFileSync(file, MARK + fs.readFileSync(file, 'utf8'));
}

describe('project index: files that start with a byte-order mark', function () {
  this.timeout(120_000);
  after(removeTemporaries);

  it('reports what it reports without the mark, with the cache off and from a kept cache', async () => {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'ledger.js'), LEDGER_ROUTE);
    const unmarked = await lint(dir, 'off');
    assert.match(unmarked['passwords.js']?.[0] ?? '', /^unblock\/no-blocking-sync-call .*PUT \/ledger\/:id\/seal in ledger\.js/);
    markFile(path.join(dir, 'passwords.js'));
    markFile(path.join(dir, 'ledger.js'));
    assert.deepEqual(await lint(dir, 'off'), unmarked, 'the cache off');
    assert.deepEqual(await lint(dir, cache), unmarked, 'an empty cache');
    assert.deepEqual(await lint(dir, cache), unmarked, 'a warm cache');
  });
});
