import assert from 'node:assert/strict';
import polka from '../../../../rules/project/frameworks/servers/polka.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: polka', () => {
  it('registers a route on an object made by the package', () => {
    const code = `import polka from 'polka';\nconst app = polka();\napp.get('/health', health);`;
    assert.deepEqual(registrationsIn(polka, code), [{ label: 'GET /health', kind: 'request', handler: 'health' }]);
  });

  it('ignores the same call when the file does not use the package', () => {
    const code = `import polka from 'polka';\nconst app = polka();\napp.get('/health', health);`.replace(/from '[^']+'/, "from './local.js'");
    assert.deepEqual(registrationsIn(polka, code), []);
  });
});
