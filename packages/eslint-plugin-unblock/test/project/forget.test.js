/**
 * The editor keeps the project index warm across lints and tells it when a
 * file changes on disk: the next lint must see the new body at once, not
 * after the module cache's stat interval.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import plugin from '../../index.js';
import { forgetProjectFile } from '../../rules/project/index.js';

const handler = `import { first, second } from './queries.js';
export async function page(db, id) {
  const a = await first(db, id);
  const b = await second(db, id);
  return [a, b];
}
`;
/** @param {string} firstSql */
const queries = (firstSql) => `export async function first(db, id) { return db.query('${firstSql}', [id]); }
export async function second(db, id) { return db.query('SELECT * FROM settings WHERE id = $1', [id]); }
`;

describe('project index: a file changed on disk', () => {
  /** @type {string} */
  let dir;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-forget-'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{}');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is read again after forgetProjectFile, so a new INSERT orders the pair at once', () => {
    const linter = new Linter({ cwd: dir });
    const config = [{ plugins: { unblock: plugin }, languageOptions: { ecmaVersion: /** @type {const} */ ('latest'), sourceType: /** @type {const} */ ('module') }, rules: { 'unblock/no-await-waterfall': /** @type {const} */ ('warn') } }];
    const file = path.join(dir, 'handler.js');
    const lint = () => linter.verify(handler, config, file).map((message) => message.ruleId);
    fs.writeFileSync(path.join(dir, 'queries.js'), queries('SELECT * FROM accounts WHERE id = $1'));
    assert.deepEqual(lint(), ['unblock/no-await-waterfall'], 'two SELECTs of different tables run together');
    // Same size on purpose: the cache would trust its earlier stat for a few seconds.
    fs.writeFileSync(path.join(dir, 'queries.js'), queries('INSERT INTO settings (id) VALUES ($1)         '));
    forgetProjectFile(path.join(dir, 'queries.js'));
    assert.deepEqual(lint(), [], 'the INSERT writes the table the second call reads');
  });
});
