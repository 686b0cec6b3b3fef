import assert from 'node:assert/strict';
import queues from '../../../../rules/project/frameworks/events/queues.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: job queues', () => {
  it('takes the processor of a BullMQ Worker as a job handler, named by its queue', () => {
    const code = `import { Worker } from 'bullmq';\nnew Worker('mail', async (job) => send(job.data));`;
    assert.deepEqual(registrationsIn(queues, code), [{ label: 'queue worker mail', kind: 'request', handler: 'async (job) => send(job.data)' }]);
  });

  it('takes the last argument of queue.process() in a file that imports Bull', () => {
    const code = `import Queue from 'bull';\nconst q = new Queue('thumbs');\nq.process(4, makeThumb);`;
    assert.deepEqual(registrationsIn(queues, code), [{ label: 'queue worker', kind: 'request', handler: 'makeThumb' }]);
  });

  it('ignores a Worker that is not the queue package\'s (node:worker_threads)', () => {
    const code = `import { Worker } from 'node:worker_threads';\nnew Worker('./task.js', { workerData: 1 });`;
    assert.deepEqual(registrationsIn(queues, code), []);
  });
});
