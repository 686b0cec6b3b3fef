import assert from 'node:assert/strict';
import hapi from '../../../../rules/project/frameworks/servers/hapi.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: hapi', () => {
  it('registers server.route({ method, path, handler }) on a server made by Hapi.server()', () => {
    const code = `import Hapi from '@hapi/hapi';\nconst server = Hapi.server({ port: 0 });\nserver.route({ method: 'POST', path: '/login', handler: login });`;
    assert.deepEqual(registrationsIn(hapi, code), [{ label: 'POST /login', kind: 'request', handler: 'login' }]);
  });

  it('labels a computed method ROUTE', () => {
    const code = `import Hapi from '@hapi/hapi';\nconst server = Hapi.server();\nserver.route({ method: verb, path: '/x', handler: h });`;
    assert.deepEqual(registrationsIn(hapi, code), [{ label: 'ROUTE /x', kind: 'request', handler: 'h' }]);
  });
});
