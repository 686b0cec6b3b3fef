import assert from 'node:assert/strict';
import express from '../../../../rules/project/frameworks/servers/express.js';
import fastify from '../../../../rules/project/frameworks/servers/fastify.js';
import { listenCallbacks } from '../../../../rules/project/frameworks/servers/listen.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: listen callbacks', () => {
  const listen = listenCallbacks([express, fastify]);

  it('takes a function handed to app.listen() as start-up code', () => {
    const code = `import express from 'express';\nconst app = express();\napp.listen(3000, () => console.log('up'));`;
    assert.deepEqual(registrationsIn(listen, code), [{ label: 'listen callback', kind: 'startup', handler: "() => console.log('up')" }]);
  });

  it('ignores listen() on a server of a framework not in its list', () => {
    const code = `import Koa from 'koa';\nconst app = new Koa();\napp.listen(3000, () => ready());`;
    assert.deepEqual(registrationsIn(listen, code), []);
  });
});
