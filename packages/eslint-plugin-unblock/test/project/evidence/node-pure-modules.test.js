import assert from 'node:assert/strict';
import nodePureModules from '../../../rules/project/evidence/node-pure-modules.js';
import { PURE } from '../../../rules/project/body-calls/call-effect.js';
import { sourceSays } from './call-site.js';

describe('evidence: Node modules that only compute', () => {
  it('path, url and util calls compute', () => {
    assert.equal(sourceSays(nodePureModules, "import path from 'node:path';\nfunction target(a) { return path.join(a, 'x'); }"), PURE);
    assert.equal(sourceSays(nodePureModules, "import { format } from 'util';\nfunction target(a) { return format('%s', a); }"), PURE);
  });

  it('says nothing about fs, or about a local name that shadows the import', () => {
    assert.equal(sourceSays(nodePureModules, "import fs from 'fs';\nfunction target(p) { return fs.readFile(p); }"), null);
    assert.equal(sourceSays(nodePureModules, "import path from 'path';\nfunction target(path) { return path.join('x'); }"), null);
  });
});
