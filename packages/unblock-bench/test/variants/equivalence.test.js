import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { checkEquivalence, describeDifferences, runComparison } from '../../index.js';
import { FIXTURES, QUICK, childPids } from '../helpers.js';

/**
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => void} handler
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
async function serve(handler) {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve(undefined));
    }),
  };
}

/** The stand-in rule: in fix mode it rewrites the literal 'b' to 'B' — a fix that changes behaviour. */
const behaviourChangingPlugin = {
  rules: {
    'no-await-waterfall': {
      meta: { fixable: 'code', schema: [{ type: 'object', properties: { fix: { type: 'boolean' } }, additionalProperties: false }], messages: { m: 'stub' } },
      create(context) {
        return {
          Literal(node) {
            if (node.value === 'b' && context.options[0]?.fix) context.report({ node, messageId: 'm', fix: (fixer) => fixer.replaceText(node, "'B'") });
          },
        };
      },
    },
  },
};

describe('bench-runner: equivalence check', () => {
  const routes = [
    { method: 'GET', path: '/a', compare: 'body' },
    { method: 'GET', path: '/random', compare: 'length' },
  ];

  it('accepts servers that answer alike (length-only routes may differ in content)', async () => {
    let n = 0;
    const handler = (req, res) => res.end(req.url === '/random' ? `r${(n += 1) % 10}` : 'same');
    const [a, b] = await Promise.all([serve(handler), serve(handler)]);
    try {
      const result = await checkEquivalence(a.url, b.url, routes, { timeoutMs: 1000 });
      assert.deepEqual(result, { equal: true, requests: 2, differences: [] });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('reports a different status and a different body, showing both', async () => {
    const a = await serve((req, res) => res.end(req.url === '/random' ? 'xx' : '{"first":"A"}'));
    const b = await serve((req, res) => {
      if (req.url === '/random') {
        res.writeHead(500);
        res.end('xx');
      } else res.end('{"first":"a"}');
    });
    try {
      const result = await checkEquivalence(a.url, b.url, routes, { timeoutMs: 1000 });
      assert.equal(result.equal, false);
      assert.deepEqual(result.differences.map((d) => [d.request, d.what]), [['GET /a', 'body'], ['GET /random', 'status']]);
      const text = describeDifferences(result.differences);
      assert.match(text, /GET \/a: body differs\n {4}before: "\{\\"first\\":\\"A\\"\}"\n {4}after: {2}"\{\\"first\\":\\"a\\"\}"/);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('turns a request that never answers into a one-line error naming server and route', async () => {
    const [a, b] = await Promise.all([serve((req, res) => res.end('ok')), serve(() => {})]);
    try {
      await assert.rejects(checkEquivalence(a.url, b.url, routes.slice(0, 1), { timeoutMs: 300 }), {
        code: 'REQUEST_FAILED',
        message: 'equivalence check: GET /a on the after server failed: no answer within 0.3 s',
      });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses to benchmark a fix that changes behaviour, and leaves no process behind', async () => {
    const baseline = childPids().length;
    await assert.rejects(
      runComparison({ ...QUICK, fixture: path.join(FIXTURES, 'changes-behaviour'), plugin: behaviourChangingPlugin }),
      (/** @type {any} */ error) => {
        assert.equal(error.code, 'NOT_EQUIVALENT');
        assert.match(error.message, /^the fix changes behaviour: 1 of 2 requests answer differently; not benchmarking it$/);
        assert.match(error.details, /GET \/pair: body differs/);
        assert.match(error.details, /before: "\{\\"first\\":\\"a\\",\\"second\\":\\"b\\"\}"/);
        assert.match(error.details, /after: {2}"\{\\"first\\":\\"a\\",\\"second\\":\\"B\\"\}"/);
        // What was refused, next to why.
        assert.match(error.details, /the rewrite that was refused:\n=+\n--- before\/server\.js\n\+\+\+ after\/server\.js[\s\S]*\n\+.*'B'/);
        return true;
      },
    );
    assert.equal(childPids().length, baseline);
  });
});
