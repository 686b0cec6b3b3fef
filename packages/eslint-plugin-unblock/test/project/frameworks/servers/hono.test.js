import assert from 'node:assert/strict';
import hono from '../../../../rules/project/frameworks/servers/hono.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: hono', () => {
  it('registers a route on an object made by the package', () => {
    const code = `import { Hono } from 'hono';\nconst app = new Hono();\napp.post('/posts', create);`;
    assert.deepEqual(registrationsIn(hono, code), [{ label: 'POST /posts', kind: 'request', handler: 'create' }]);
  });

  it('ignores the same call when the file does not use the package', () => {
    const code = `import { Hono } from 'hono';\nconst app = new Hono();\napp.post('/posts', create);`.replace(/from '[^']+'/, "from './local.js'");
    assert.deepEqual(registrationsIn(hono, code), []);
  });
});
