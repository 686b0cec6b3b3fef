import assert from 'node:assert/strict';
import express from '../../../../rules/project/frameworks/express.js';
import { registrationsIn } from './framework-probe.js';

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
