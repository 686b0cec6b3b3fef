/**
 * Messages to the parent thread (worker_threads `parentPort.postMessage`): a notification nothing
 * waits to have answered is not a write the iterations must keep in order, as a log line is not;
 * a message sent inside a promise executor is a request whose reply settles the promise, and stays
 * a write. Motivated by emailengine (a metric posted on every Gmail API request kept the download
 * loop of `gmail-client.js:1345` silent); no other backend of the labeled set posts to a parent.
 */
import { runRuleTests } from './rule-tester.js';
import rule from '../../rules/no-loop-waterfall.js';

// Synthetic: a render worker reports progress to its parent while it downloads frames one at a time.
const renderWorker = `import { parentPort } from 'node:worker_threads';
function progress(stage) {
  parentPort.postMessage({ kind: 'progress', stage });
}
async function fetchFrame(frame) {
  progress('download');
  const res = await fetch(\`https://cdn.example/frames/\${frame.id}\`);
  return res.arrayBuffer();
}
export async function renderClip(clip) {
  const buffers = [];
  for (const frame of clip.frames) buffers.push(await fetchFrame(frame));
  return buffers;
}`;

// Reduced from emailengine: each inline image is downloaded in turn; every API request posts a metric.
const mailClient = `const { parentPort } = require('worker_threads');
function postMetrics(logger, key, method, ...args) {
  try {
    parentPort.postMessage({ cmd: 'metrics', key, method, args });
  } catch (err) {
    logger.error({ msg: 'Failed to post metrics to parent', err });
  }
}
async function apiRequest(context, url) {
  const accessToken = await context.getToken();
  const result = await context.oAuth2Client.request(accessToken, url, 'get');
  postMetrics(context.logger, 'oauth2ApiRequest', 'inc', { status: 'success' });
  return result;
}
class MailClient {
  async request(url) {
    return apiRequest(this, url);
  }
  async getAttachmentContent(id) {
    const result = await this.request(\`https://mail.example/attachments/\${id}\`);
    return result?.data ? Buffer.from(result.data, 'base64url') : null;
  }
  async embedImages(attachmentMap) {
    for (let entry of attachmentMap.values()) {
      if (!entry.content) {
        entry.content = await this.getAttachmentContent(entry.attachment.id);
      }
    }
  }
}
module.exports = { MailClient };`;
const mailLoop = `    for (let entry of attachmentMap.values()) {
      if (!entry.content) {
        entry.content = await this.getAttachmentContent(entry.attachment.id);
      }
    }`;
const mailTogether = `    await Promise.all(Array.from(attachmentMap.values(), async (entry) => {
      if (!entry.content) {
        entry.content = await this.getAttachmentContent(entry.attachment.id);
      }
    }));`;

// A request to the parent: the reply settles the promise. Run together, every iteration's listener
// would take the first reply.
const askInExecutor = `import { parentPort } from 'node:worker_threads';
async function askParent(task) {
  const res = await fetch(\`https://queue.example/tasks/\${task.id}\`);
  const spec = await res.json();
  return new Promise((resolve) => {
    parentPort.once('message', resolve);
    parentPort.postMessage({ spec });
  });
}
export async function runAll(tasks) {
  const outcomes = [];
  for (const task of tasks) outcomes.push(await askParent(task));
  return outcomes;
}`;

runRuleTests('no-loop-waterfall', rule, {
  valid: [
    askInExecutor,
    // The same request, its message posted by a helper the executor calls.
    askInExecutor
      .replace("    parentPort.postMessage({ spec });\n", '    tell(spec);\n')
      .replace('export async function runAll', 'function tell(spec) {\n  parentPort.postMessage({ spec });\n}\nexport async function runAll'),
  ],
  invalid: [
    {
      code: renderWorker,
      errors: [{
        messageId: 'loopWaterfall',
        line: 12,
        suggestions: [{
          messageId: 'runTogether',
          output: renderWorker.replace(
            '  const buffers = [];\n  for (const frame of clip.frames) buffers.push(await fetchFrame(frame));',
            '  const buffers = await Promise.all(Array.from(clip.frames, (frame) => fetchFrame(frame)));',
          ),
        }],
      }],
    },
    {
      code: mailClient,
      errors: [{ messageId: 'loopWaterfall', line: 24, suggestions: [{ messageId: 'runTogether', output: mailClient.replace(mailLoop, mailTogether) }] }],
    },
  ],
});
