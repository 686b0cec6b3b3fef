import assert from 'node:assert/strict';
import threadMessages, { PARENT_THREAD } from '../../../rules/project/evidence/thread-messages.js';
import { sourceSays } from './call-site.js';

describe('evidence: messages to the parent thread', () => {
  it('a post to parentPort is a send to the parent thread that waits for nothing', () => {
    const effect = sourceSays(threadMessages, "import { parentPort } from 'node:worker_threads';\nfunction target(x) { return parentPort.postMessage(x); }");
    assert.deepEqual(effect && { kind: effect.kind, io: effect.io, writes: effect.writes, message: effect.message }, { kind: 'write', io: false, writes: [PARENT_THREAD], message: true });
  });

  it('knows parentPort required by name and read from the namespace', () => {
    assert.equal(sourceSays(threadMessages, "const { parentPort } = require('worker_threads');\nfunction target(x) { return parentPort.postMessage(x); }")?.message, true);
    assert.equal(sourceSays(threadMessages, "import * as threads from 'worker_threads';\nfunction target(x) { return threads.parentPort.postMessage(x); }")?.message, true);
  });

  it('says nothing of a port it cannot name, of other methods, or of a binding the code makes itself', () => {
    assert.equal(sourceSays(threadMessages, 'function target(port, x) { return port.postMessage(x); }'), null);
    assert.equal(sourceSays(threadMessages, "import { MessageChannel } from 'worker_threads';\nconst { port1 } = new MessageChannel();\nfunction target(x) { return port1.postMessage(x); }"), null);
    assert.equal(sourceSays(threadMessages, "import { parentPort } from 'worker_threads';\nfunction target(f) { return parentPort.on('message', f); }"), null);
    assert.equal(sourceSays(threadMessages, "import { parentPort } from 'worker_threads';\nfunction target(parentPort, x) { return parentPort.postMessage(x); }"), null);
  });
});
