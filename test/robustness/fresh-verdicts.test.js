/**
 * Editors and lint servers (the VS Code ESLint server, eslint_d) keep the plugin loaded for hours.
 * The project index trusted what it had read for a while: a callee that gained an INSERT kept its
 * old verdict for about 6 s, a new caller in another file was unseen for about 60 s. It now checks
 * modification times when a new lint starts after a pause in linting (lint-bounds.js): an editor
 * lints after an edit, eslint_d at its next command. Lints that follow one another without a pause
 * are a command-line run, during which files do not change, and check far less often. These lints
 * run in one process, as such a host does, without telling the index that anything changed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { makeProject, writeFiles, removeAll } from '../../packages/eslint-plugin-unblock/test/support/temp-project.js';

const config = [{
  plugins: { unblock: plugin },
  languageOptions: { ecmaVersion: /** @type {const} */ ('latest'), sourceType: /** @type {const} */ ('module') },
  rules: plugin.configs.recommended.rules,
}];

/**
 * Lints a file of a project from disk, as a long-lived host would: one Linter, kept.
 * @param {Linter} linter
 * @param {string} dir
 * @param {string} file
 */
const lint = (linter, dir, file) => linter.verify(fs.readFileSync(path.join(dir, file), 'utf8'), config, path.join(dir, file));

/**
 * Rewrites files and dates them (and their folders) a few seconds later: on a file system whose
 * times are coarse (a second, or two on FAT), a change within the same second must still count.
 * @param {string} dir
 * @param {Record<string, string>} files
 */
function change(dir, files) {
  writeFiles(dir, files);
  const later = new Date(Date.now() + 5000);
  for (const file of Object.keys(files)) {
    fs.utimesSync(path.join(dir, file), later, later);
    fs.utimesSync(path.dirname(path.join(dir, file)), later, later);
  }
  // A person edits a file between two lints: the next lint comes after a pause (over 250 ms).
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
}

// A request handler: it answers the response it is handed.
const handler = `import { first, second } from './queries.js';
export async function page(req, res) {
  const a = await first(req.db, req.params.id);
  const b = await second(req.db, req.params.id);
  res.json([a, b]);
}
`;
/** @param {string} firstSql */
const queries = (firstSql) => `export async function first(db, id) { return db.query('${firstSql}', [id]); }
export async function second(db, id) { return db.query('SELECT * FROM settings WHERE id = $1', [id]); }
`;

const passwords = `import crypto from 'node:crypto';

export function hashPassword(password, salt) {
  return crypto.pbkdf2Sync(password, salt, 600000, 64, 'sha512').toString('hex');
}
`;
const warmUp = "import { hashPassword } from './passwords.js';\n\nhashPassword('warm', 'up');\n";
const route = `import express from 'express';
import { hashPassword } from './passwords.js';

const app = express();
app.post('/login', async (req, res) => {
  res.json({ ok: hashPassword(req.body.password, req.body.salt).length > 0 });
});
export default app;
`;

describe('robustness: verdicts follow the files in a long-lived host', function () {
  this.timeout(30_000);
  after(removeAll);

  it('sees a callee that gained an INSERT at the next lint', () => {
    const dir = makeProject({ 'package.json': '{}', 'handler.js': handler, 'queries.js': queries('SELECT * FROM accounts WHERE id = $1') });
    const linter = new Linter({ cwd: dir });
    assert.deepEqual(lint(linter, dir, 'handler.js').map((m) => m.ruleId), ['unblock/no-await-waterfall'], 'two SELECTs of different tables run together');
    // Same size on purpose: only the modification time tells.
    change(dir, { 'queries.js': queries('INSERT INTO settings (id) VALUES ($1)         ') });
    assert.deepEqual(lint(linter, dir, 'handler.js'), [], 'the INSERT writes the table the second call reads');
  });

  it('sees a new caller in a new file at the next lint', () => {
    const dir = makeProject({ 'package.json': '{}', 'passwords.js': passwords, 'warm-up.js': warmUp });
    const linter = new Linter({ cwd: dir });
    assert.deepEqual(lint(linter, dir, 'passwords.js'), [], 'called only at start-up');
    change(dir, { 'routes.js': route });
    const [report, ...rest] = lint(linter, dir, 'passwords.js');
    assert.equal(rest.length, 0);
    assert.match(report?.message ?? '', /reached from POST \/login in routes\.js/);
  });

  it('sees a new call in a file that already imported the function', () => {
    const dir = makeProject({ 'package.json': '{}', 'passwords.js': passwords, 'warm-up.js': warmUp, 'routes.js': route.replace('hashPassword(req.body.password, req.body.salt)', 'req.body.password') });
    const linter = new Linter({ cwd: dir });
    assert.deepEqual(lint(linter, dir, 'passwords.js'), [], 'called only at start-up');
    change(dir, { 'routes.js': route });
    assert.match(lint(linter, dir, 'passwords.js')[0]?.message ?? '', /reached from POST \/login in routes\.js/);
  });
});
