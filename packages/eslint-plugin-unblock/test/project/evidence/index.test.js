/**
 * The list of evidence sources: every source file in the folder is listed
 * once and has its own test here, and the order the list gives is the order
 * evidenceOfCall asks in.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EVIDENCE_SOURCES } from '../../../rules/project/evidence/index.js';
import { siteOf } from './call-site.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.resolve(here, '../../../rules/project/evidence');

describe('evidence: the list of sources', () => {
  it('lists every source file in the folder once, each with its own test', async () => {
    const listed = new Set(EVIDENCE_SOURCES);
    assert.equal(listed.size, EVIDENCE_SOURCES.length, 'no source is listed twice');
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.js') && name !== 'index.js')) {
      const module = await import(pathToFileURL(path.join(folder, file)).href);
      if (typeof module.default?.evidenceOf !== 'function') continue;
      assert.ok(listed.has(module.default), `${file} is listed in index.js`);
      assert.ok(fs.existsSync(path.join(here, file.replace(/\.js$/, '.test.js'))), `${file} has a test`);
    }
  });

  it('the first source with something to say decides', () => {
    // SQL text is asked first: a child_process call handed a SELECT is taken for the SELECT.
    const { evidence } = siteOf("import cp from 'child_process';\nfunction target() { return cp.exec('SELECT 1'); }");
    assert.equal(evidence()?.evidence, 'SELECT 1');
  });

  it('a tagged template is asked of SQL text only', () => {
    assert.equal(siteOf('function target(id) { return fetch`/u/${id}`; }').evidence(), null);
  });

  it('a method of an imported module is the module\'s: no built-in reading of its name', () => {
    assert.equal(siteOf("import _ from 'lodash';\nfunction target(a) { return _.map(a, String); }").evidence(), null);
    assert.equal(siteOf("import path from 'path';\nfunction target(a) { return path.join(a, 'x'); }").evidence()?.kind, 'none');
  });
});
