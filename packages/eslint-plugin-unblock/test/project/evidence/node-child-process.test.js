import assert from 'node:assert/strict';
import nodeChildProcess from '../../../rules/project/evidence/node-child-process.js';
import { sourceSays } from './call-site.js';

describe('evidence: Node child_process', () => {
  it('starting a process writes and waits', () => {
    assert.deepEqual(sourceSays(nodeChildProcess, "import { execFile } from 'node:child_process';\nfunction target(f) { return execFile(f); }"), {
      kind: 'write', io: true, reads: [], writes: ['process'], evidence: 'child_process.execFile',
    });
  });

  it('says nothing about other modules', () => {
    assert.equal(sourceSays(nodeChildProcess, "import { execFile } from './runner';\nfunction target(f) { return execFile(f); }"), null);
  });
});
