import assert from 'node:assert/strict';
import restify from '../../../../rules/project/frameworks/servers/restify.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: restify', () => {
  it('registers a route on an object made by the package', () => {
    const code = `import restify from 'restify';\nconst server = restify.createServer();\nserver.del('/items/:id', remove);`;
    assert.deepEqual(registrationsIn(restify, code), [{ label: 'DEL /items/:id', kind: 'request', handler: 'remove' }]);
  });

  it('ignores the same call when the file does not use the package', () => {
    const code = `import restify from 'restify';\nconst server = restify.createServer();\nserver.del('/items/:id', remove);`.replace(/from '[^']+'/, "from './local.js'");
    assert.deepEqual(registrationsIn(restify, code), []);
  });
});
