import assert from 'node:assert/strict';
import h3 from '../../../../rules/project/frameworks/servers/h3.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: h3', () => {
  it('registers a route on an object made by the package', () => {
    const code = `import { createRouter } from 'h3';\nconst router = createRouter();\nrouter.get('/hello', hello);`;
    assert.deepEqual(registrationsIn(h3, code), [{ label: 'GET /hello', kind: 'request', handler: 'hello' }]);
  });

  it('ignores the same call when the file does not use the package', () => {
    const code = `import { createRouter } from 'h3';\nconst router = createRouter();\nrouter.get('/hello', hello);`.replace(/from '[^']+'/, "from './local.js'");
    assert.deepEqual(registrationsIn(h3, code), []);
  });
});
