import assert from 'node:assert/strict';
import workerThreads from '../../../../rules/project/frameworks/events/worker-threads.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: worker threads', () => {
  it('takes the message handler of parentPort from node:worker_threads as a job handler', () => {
    const code = `import { parentPort } from 'node:worker_threads';\nparentPort.on('message', (job) => parentPort.postMessage(job));`;
    assert.deepEqual(registrationsIn(workerThreads, code), [{ label: 'worker thread message', kind: 'request', handler: '(job) => parentPort.postMessage(job)' }]);
  });

  it('ignores a parentPort that is not the worker_threads one, and other events', () => {
    const code = `import { parentPort } from './ports.js';\nparentPort.on('message', (job) => job);\nimport { parentPort as port } from 'worker_threads';\nport.on('close', () => {});`;
    assert.deepEqual(registrationsIn(workerThreads, code), []);
  });
});
