import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { probeHarness } from '../../harness/index.js';
import { KNOWN_RULES } from '../../index.js';

const here = (/** @type {string} */ rel) => fileURLToPath(new URL(rel, import.meta.url));

describe('function harness: the probe counts waits on the critical path exactly', () => {
  const cases = [
    { name: 'three independent reads', file: here('./fixtures/express-router.js'), line: 14, waits: { before: 3, after: 1 }, kind: 'parallel-io' },
    { name: 'helpers awaited through the module', file: here('./fixtures/helpers-same-module.js'), line: 18, waits: { before: 3, after: 1 }, kind: 'parallel-io' },
    { name: 'fetchAllData: the user first, then two together', file: here('../../../../fixtures/fetch-all-data/server.js'), line: 10, waits: { before: 3, after: 2 }, kind: 'parallel-io' },
    { name: 'a blocking call moved off the main thread', file: here('./fixtures/login-blocking.js'), line: 9, waits: { before: 1, after: 1 }, kind: 'offload' },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const probe = await probeHarness({ file: c.file, line: c.line, rules: KNOWN_RULES, messages: c.kind === 'offload' ? ['unblock/no-blocking-sync-call (line 1): …'] : [] });
      assert.ok('waits' in probe, 'refusal' in probe ? probe.refusal : '');
      assert.deepEqual(probe.waits, c.waits);
      assert.equal(probe.ideal.kind, c.kind);
    });
  }
});
