/**
 * The lint benches' peak memory (scripts/bench-lint/peak-memory.js) is the lint process's own: a
 * child spawned by a parent that holds much memory does not report the parent's, as
 * `process.resourceUsage().maxRSS` does on Linux (the fork's high-water mark survives the exec).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const peakMemory = new URL('../../scripts/bench-lint/peak-memory.js', import.meta.url).href;
const PARENT_MB = 400;

describe('bench lint runs: a process\'s own peak memory (scripts/bench-lint/peak-memory.js)', () => {
  it("is not its parent's memory at the fork", function () {
    if (!fs.existsSync('/proc/self/status')) this.skip();
    this.timeout(30_000);
    // Touched, so that it is resident in the parent when the child is forked.
    const held = Buffer.alloc(PARENT_MB * 1024 * 1024, 1);
    const child = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `import { ownPeakRssMb } from ${JSON.stringify(peakMemory)}; console.log(JSON.stringify({ own: ownPeakRssMb(), maxRss: process.resourceUsage().maxRSS / 1024 }))`],
      { encoding: 'utf8' },
    );
    assert.equal(child.status, 0, child.stderr);
    const { own, maxRss } = JSON.parse(child.stdout);
    assert.ok(held.length > 0);
    // The premise: where maxRSS does not carry the parent's memory over, the test shows nothing.
    if (maxRss < PARENT_MB) this.skip();
    assert.ok(own > 0 && own < PARENT_MB / 2, `own peak ${own} MB, maxRSS ${maxRss} MB`);
  });
});
