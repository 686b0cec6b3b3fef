/**
 * A bench's lint child (scripts/bench-lint/lint-child.js) whose arguments were cut short (its bench
 * stopped while writing them, Ctrl-C in the middle of bench:monorepo) says so in one line and exits,
 * without a stack trace and without linting.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('../../scripts/bench-lint/lint-child.js', import.meta.url));

describe('bench lint runs: a lint child handed cut-short arguments (scripts/bench-lint/lint-child.js)', () => {
  it('says so in one line and exits 2', function () {
    this.timeout(30_000);
    const child = spawnSync(process.execPath, [CHILD], { input: '{"cwd": "/tmp", "files": ["/tmp/a.js", "/tm', encoding: 'utf8' });
    assert.equal(child.status, 2);
    assert.equal(child.stdout, '');
    assert.match(child.stderr, /^lint-child: the run's arguments were cut short \(\d+ characters read\); nothing linted\n$/);
  });
});
