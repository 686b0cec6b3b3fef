import assert from 'node:assert/strict';
import nodeFs from '../../../rules/project/evidence/node-fs.js';
import { sourceSays } from './call-site.js';

describe('evidence: Node fs', () => {
  it('functions that look read; the others write, sync or not', () => {
    assert.deepEqual(sourceSays(nodeFs, "import { readFile } from 'node:fs/promises';\nfunction target(p) { return readFile(p, 'utf8'); }"), {
      kind: 'read', io: true, reads: ['fs'], writes: [], evidence: 'fs.readFile',
    });
    assert.equal(sourceSays(nodeFs, "import fs from 'fs';\nfunction target(p) { return fs.statSync(p); }")?.kind, 'read');
    assert.equal(sourceSays(nodeFs, "import fs from 'node:fs';\nfunction target(p, t) { return fs.promises.writeFile(p, t); }")?.kind, 'write');
    assert.equal(sourceSays(nodeFs, "const { rename } = require('fs');\nfunction target(a, b) { return rename(a, b); }")?.kind, 'write');
  });

  it('says nothing about other modules', () => {
    assert.equal(sourceSays(nodeFs, "import store from './fs';\nfunction target(p) { return store.readFile(p); }"), null);
  });
});
