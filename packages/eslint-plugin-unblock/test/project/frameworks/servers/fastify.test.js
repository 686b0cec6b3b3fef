import assert from 'node:assert/strict';
import fastify from '../../../../rules/project/frameworks/servers/fastify.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: fastify', () => {
  it('registers fastify.get() and fastify.route({ method, url, handler })', () => {
    const code = [
      `import Fastify from 'fastify';`,
      `const app = Fastify();`,
      'app.get(`/items/${"id"}`, list);',
      `app.route({ method: 'put', url: '/items', handler: save });`,
    ].join('\n');
    assert.deepEqual(registrationsIn(fastify, code), [
      { label: 'GET /items/:param', kind: 'request', handler: 'list' },
      { label: 'PUT /items', kind: 'request', handler: 'save' },
    ]);
  });

  it('ignores route() without an options object, and one without a handler', () => {
    const code = `import Fastify from 'fastify';\nconst app = Fastify();\napp.route('/x');\napp.route({ method: 'GET', url: '/y' });`;
    assert.deepEqual(registrationsIn(fastify, code), []);
  });
});
