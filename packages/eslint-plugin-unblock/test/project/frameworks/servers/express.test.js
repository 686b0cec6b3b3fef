import assert from 'node:assert/strict';
import express from '../../../../rules/project/frameworks/servers/express.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: express', () => {
  it('takes every argument after the path of app.post() as a handler of that route', () => {
    const code = `import express from 'express';\nconst app = express();\napp.post('/login', auth, (req, res) => res.end());`;
    assert.deepEqual(registrationsIn(express, code), [
      { label: 'POST /login', kind: 'request', handler: 'auth' },
      { label: 'POST /login', kind: 'request', handler: '(req, res) => res.end()' },
    ]);
  });

  it('labels router.use(mw) as middleware, on a router made by express.Router()', () => {
    const code = `import express from 'express';\nconst router = express.Router();\nrouter.use(limit);`;
    assert.deepEqual(registrationsIn(express, code), [{ label: 'middleware', kind: 'request', handler: 'limit' }]);
  });

  it('ignores the same calls on an object that does not come from express', () => {
    // A Map has get/delete too: only objects made by express register routes.
    const code = `import express from 'express';\nconst cache = new Map();\ncache.get('/login', load);`;
    assert.deepEqual(registrationsIn(express, code), []);
  });
});

describe('frameworks: express, one-time servers', () => {
  it('takes the routes of a server one of its own routes closes for start-up code', () => {
    const code = [
      `import express from 'express';`,
      `export function wizard() {`,
      `  const app = express();`,
      `  let server;`,
      `  app.get('/', (req, res) => res.end('form'));`,
      `  app.post('/setup', (req, res) => { res.end(); server.close(); });`,
      `  server = app.listen(3000);`,
      `}`,
    ].join('\n');
    assert.deepEqual(registrationsIn(express, code).map(({ kind, label }) => `${kind} ${label}`), ['startup GET /', 'startup POST /setup']);
  });

  it('keeps the routes of a server closed from elsewhere (a SIGTERM listener)', () => {
    const code = [
      `import express from 'express';`,
      `const app = express();`,
      `app.post('/login', (req, res) => res.end());`,
      `const server = app.listen(3000);`,
      `process.on('SIGTERM', () => server.close());`,
    ].join('\n');
    assert.deepEqual(registrationsIn(express, code).map(({ kind, label }) => `${kind} ${label}`), ['request POST /login']);
  });

  it('says a path is computed when it is not written out, and does not take it for a handler', () => {
    const code = `import express from 'express';\nconst router = express.Router();\nrouter.get(config.path, handler);`;
    assert.deepEqual(registrationsIn(express, code), [{ label: 'GET with a computed path', kind: 'request', handler: 'handler' }]);
  });
});
