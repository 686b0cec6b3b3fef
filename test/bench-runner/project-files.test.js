/**
 * The multi-file rewrite: which files the runner fixes (the entry and what it reaches through
 * relative imports, never dependencies or files outside the fixture) and what it reports per file.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildAfterProject, collectProjectFiles, importSpecifiers, loadPlugin } from '../../packages/unblock-bench/index.js';

/** @type {string} */
let root;
/** @type {string} */
let dir;

/**
 * @param {string} file relative to the fixture folder
 * @param {string} text
 */
async function put(file, text) {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), text);
}

const WATERFALL = (/** @type {string} */ name) => `import { a, b } from '../lib/db.js';
export async function ${name}() {
  const x = await a();
  const y = await b();
  return [x, y];
}
`;

describe('bench-runner: the project files a fix covers', () => {
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'unblock-project-test-'));
    dir = path.join(root, 'app');
    await put('server.js', `import { app } from './app.js';\nimport express from 'express';\nimport '../outside.js';\nexport default app;\n`);
    await put('app.js', `import { users } from './routes/users';\nexport { orders } from './routes/orders.js';\nexport const app = async () => { const { admin } = await import('./routes/admin.js'); return [users, admin]; };\n`);
    await put('routes/users.js', WATERFALL('users'));
    await put('routes/orders.js', WATERFALL('orders'));
    await put('routes/admin.js', `const { helper } = require('./helper.cjs');\nexport const admin = helper;\n`);
    await put('routes/helper.cjs', `function load() { return 1; }\nmodule.exports = { helper: load };\n`);
    await put('routes/unused.js', WATERFALL('unused'));
    await put('lib/db.js', `export const a = async () => 1;\nexport const b = async () => 2;\n`);
    await put('node_modules/express/package.json', `{ "name": "express", "main": "index.js" }\n`);
    await put('node_modules/express/index.js', WATERFALL('dependency'));
    await writeFile(path.join(root, 'outside.js'), WATERFALL('outside'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('follows relative imports, re-exports, dynamic imports and require, in the order reached', async () => {
    const entryPath = path.join(dir, 'server.js');
    const files = await collectProjectFiles({ dir, entryPath, source: `import { app } from './app.js';\nimport express from 'express';\nimport '../outside.js';\nexport default app;\n` });
    assert.deepEqual(files.map((f) => f.relative), ['server.js', 'app.js', 'routes/users.js', 'routes/orders.js', 'routes/admin.js', 'lib/db.js', 'routes/helper.cjs']);
    // Not followed: the bare import (node_modules), the file outside the fixture, the file nobody imports.
  });

  it('reads the entry from the caller (the editor may hold unsaved text)', async () => {
    const files = await collectProjectFiles({ dir, entryPath: path.join(dir, 'server.js'), source: `export { orders } from './routes/orders.js';\n` });
    assert.deepEqual(files.map((f) => f.relative), ['server.js', 'routes/orders.js', 'lib/db.js']);
  });

  it('counts require only when it is Node\'s', () => {
    const source = `const own = require('./a.js');\nfunction local() { const require = (x) => x; return require('./b.js'); }\nimport { createRequire } from 'node:module';\nconst req2 = createRequire(import.meta.url);\nconst require2 = createRequire(import.meta.url);\n`;
    assert.deepEqual(importSpecifiers(source, 'x.js'), ['./a.js']);
  });

  it('fixes each file on its own and reports findings and diffs per file', async () => {
    const entryPath = path.join(dir, 'server.js');
    const files = await collectProjectFiles({ dir, entryPath, source: `import { app } from './app.js';\nexport default app;\n` });
    const after = buildAfterProject(files, { rules: ['unblock/no-await-waterfall'], plugin: await loadPlugin() });
    assert.equal(after.changed, true);
    assert.deepEqual(after.files.filter((f) => f.changed).map((f) => f.file), ['routes/users.js', 'routes/orders.js']);
    assert.deepEqual(after.findings.map((f) => `${f.file}:${f.line}`), ['routes/users.js:3', 'routes/orders.js:3']);
    assert.equal(after.files.find((f) => f.file === 'app.js')?.findings.length, 0);
    assert.match(after.diff, /--- before\/routes\/users\.js\n\+\+\+ after\/routes\/users\.js/);
    assert.match(after.diff, /--- before\/routes\/orders\.js/);
    assert.match(after.files[2].source, /await Promise\.all\(\[a\(\), b\(\)\]\)/);
  });

  it('names the file that does not parse', async () => {
    await put('routes/users.js', 'export async function (');
    const files = await collectProjectFiles({ dir, entryPath: path.join(dir, 'app.js'), source: `import './routes/users.js';\n` }).catch((e) => e);
    assert.match(String(files.message), /^cannot parse .*routes\/users\.js: /);
  });
});
