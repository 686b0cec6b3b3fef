import assert from 'node:assert/strict';
import koa from '../../../../rules/project/frameworks/servers/koa.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: koa', () => {
  it('registers router.get() middleware of a @koa/router router', () => {
    const code = `import Router from '@koa/router';\nconst router = new Router();\nrouter.get('/users/:id', async (ctx) => { ctx.body = 1; });`;
    assert.deepEqual(registrationsIn(koa, code), [{ label: 'GET /users/:id', kind: 'request', handler: 'async (ctx) => { ctx.body = 1; }' }]);
  });

  it('ignores a router from express: that is another module\'s to recognise', () => {
    const code = `import express from 'express';\nconst router = express.Router();\nrouter.get('/x', handler);`;
    assert.deepEqual(registrationsIn(koa, code), []);
  });
});
