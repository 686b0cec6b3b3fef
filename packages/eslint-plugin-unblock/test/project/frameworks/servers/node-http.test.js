import assert from 'node:assert/strict';
import nodeHttp from '../../../../rules/project/frameworks/servers/node-http.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: node-http', () => {
  it('takes the listener of http.createServer() and of server.on(\'request\') as a request handler', () => {
    const code = [
      `import http from 'node:http';`,
      `import { createServer } from 'node:https';`,
      `const server = http.createServer((req, res) => res.end('a'));`,
      `createServer({ key }, handle);`,
      `server.on('request', log);`,
    ].join('\n');
    assert.deepEqual(registrationsIn(nodeHttp, code), [
      { label: 'HTTP request', kind: 'request', handler: "(req, res) => res.end('a')" },
      { label: 'HTTP request', kind: 'request', handler: 'handle' },
      { label: 'HTTP request', kind: 'request', handler: 'log' },
    ]);
  });

  it('ignores an options object alone, and a createServer that is not Node\'s', () => {
    const code = `import http from 'node:http';\nimport { createServer } from 'vite';\nhttp.createServer({ keepAlive: true });\ncreateServer((req, res) => res.end());`;
    assert.deepEqual(registrationsIn(nodeHttp, code), []);
  });
});
