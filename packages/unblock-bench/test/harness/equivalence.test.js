import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildFunctionHarness, writeHarnessFiles, loadHarnessModule, compareVariants } from '../../harness/index.js';

const here = (/** @type {string} */ rel) => fileURLToPath(new URL(rel, import.meta.url));

/**
 * The line of the first occurrence of `text` in a file, so these cases follow the seed fixtures
 * (owned by the bench runner) if lines move.
 * @param {string} file
 * @param {string} text
 */
function lineOf(file, text) {
  const index = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text));
  assert.ok(index >= 0, `${text} not found in ${file}`);
  return index + 1;
}

/** Functions users would point at, and how many simulated operations each fix lets run together. */
const CASES = [
  { name: 'Express route handler (CommonJS, helper, constant, crypto)', file: here('./fixtures/express-router.js'), at: 'const user = await db.getUser', together: 3 },
  { name: 'Fastify handler with Prisma and gzipSync (waterfall and blocking call fixed)', file: here('./fixtures/fastify-dashboard.mjs'), at: 'const user = await prisma', together: 3 },
  { name: 'class method with a stand-in this and a sibling method', file: here('./fixtures/order-service.js'), at: 'const order = await this.repo', together: 2 },
  { name: 'TypeScript handler with types, generics and casts', file: here('./fixtures/typed-profile.ts'), at: 'const profile = (await users', together: 3 },
  { name: 'destructuring patterns: object, array with rest, nested defaults', file: here('./fixtures/destructuring.js'), at: 'await api.getResults', together: 3 },
  { name: 'async and promise-returning helpers in the same module', file: here('./fixtures/helpers-same-module.js'), at: 'const user = await loadUser', together: 3 },
  { name: 'login with pbkdf2Sync kept real', file: here('./fixtures/login-blocking.js'), at: 'crypto.pbkdf2Sync', together: 1 },
  { name: 'fetch() and response.json()', file: here('./fixtures/fetch-weather.mjs'), at: 'const first = await fetch', together: 2 },
  { name: 'Node-style callbacks wrapped in promises', file: here('./fixtures/callbacks.js'), at: 'const sales = await getSales', together: 2 },
  { name: 'a loop whose iterations could run together (no-loop-waterfall)', file: here('./fixtures/loop-waterfall.js'), at: 'await inventory.getLevel', together: 3 },
  { name: 'seed fixture: six thread-pool queries', file: here('../../../../fixtures/threadpool-six-queries/server.js'), at: 'const user = await findUser', together: 6 },
  { name: 'seed fixture: six upstream calls in a server factory', file: here('../../../../fixtures/io-six-upstream/server.js'), at: "await api.getJson('/profile", together: 6 },
  { name: 'seed fixture: fetchAllData', file: here('../../../../fixtures/fetch-all-data/server.js'), at: 'const user = await api.getJson', together: 2 },
];

describe('function harness: both variants run and give equal results', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const harness = await buildFunctionHarness({ file: c.file, line: lineOf(c.file, c.at), latencyModel: { kind: 'io', ms: 1 } });
      assert.equal(harness.refusal, undefined);
      assert.equal(harness.after.fixed, true, 'the plugin fixed something in the extracted function');
      assert.notEqual(harness.after.source, harness.before.source);
      const files = await writeHarnessFiles(harness);
      try {
        const [before, after] = await Promise.all([loadHarnessModule(files.beforePath), loadHarnessModule(files.afterPath)]);
        const result = await compareVariants(before, after, 2);
        assert.equal(result.before.status, 200, JSON.stringify(result.before.body));
        assert.ok(result.equal, result.difference);
        assert.ok(result.before.body.calls.length > 0, 'the simulated calls are part of what is compared');
        // Sequential awaits keep at most one simulated operation in flight; the fix starts them together.
        assert.equal(result.before.maxInFlight, 1);
        assert.equal(result.after.maxInFlight, c.together);
      } finally {
        await files.cleanup();
      }
    });
  }

  it('gives the same simulated values in separate module instances (deterministic per call site and arguments)', async () => {
    const file = here('./fixtures/destructuring.js');
    const harness = await buildFunctionHarness({ file, line: 4, latencyModel: { kind: 'io', ms: 0 } });
    const one = await writeHarnessFiles(harness);
    const two = await writeHarnessFiles(harness);
    try {
      const a = await (await loadHarnessModule(one.beforePath)).invoke();
      const b = await (await loadHarnessModule(two.beforePath)).invoke();
      assert.deepEqual(a.body, b.body);
    } finally {
      await one.cleanup();
      await two.cleanup();
    }
  });
});
