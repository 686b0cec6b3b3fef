/**
 * bench:lint's warm cache runs change two files: the one most others import (the hard case) and
 * one nobody imports (the easy case). Which file a specifier names decides both: matching by file
 * name alone took NodeBB's `require('../database')` for `src/controllers/admin/database.js`, so
 * the "hard case" of three sessions' tables was a file nothing imported.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { leastImported, mostImported } from '../../scripts/bench-lint/changed-files.js';
import { writeTree } from '../support/write-tree.js';

describe('bench:lint: the files a warm cache run changes (scripts/bench-lint/changed-files.js)', () => {
  /** @type {string} */
  let root;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-changed-files-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('resolves a folder import to its index file, not to another file of the same name', () => {
    const files = writeTree(root, {
      'src/database/index.js': "module.exports = require('./redis');\n",
      'src/database/redis.js': 'module.exports = {};\n',
      'src/controllers/admin/database.js': "const db = require('../../database');\nexports.get = async () => db.get();\n",
      'src/user.js': "const db = require('./database');\n",
      'src/posts.js': "const db = require('./database');\n",
    });
    assert.equal(mostImported(files), path.join(root, 'src/database/index.js'));
  });

  it('counts a `.js` specifier that names a TypeScript file, and a specifier with its extension', () => {
    const files = writeTree(root, {
      'src/logger.ts': 'export const log = () => {};\n',
      'src/a.ts': "import { log } from './logger.js';\n",
      'src/b.ts': "import { log } from './logger.js';\n",
      'src/c.ts': "import { x } from './b.ts';\n",
    });
    assert.equal(mostImported(files), path.join(root, 'src/logger.ts'));
  });

  it('takes for the leaf the first file, by path, that nothing imports and that awaits', () => {
    const files = writeTree(root, {
      'src/d.js': "require('./a');\n",
      'src/a.js': 'async function f() { await g(); }\n',
      'src/b.js': 'function plain() {}\n',
      'src/e.js': 'async function k() { await m(); }\n',
      'src/c.js': 'async function h() { await n(); }\n',
    });
    // a.js is imported, b.js and d.js do not await: c.js comes before e.js.
    assert.equal(leastImported(files), path.join(root, 'src/c.js'));
  });
});
