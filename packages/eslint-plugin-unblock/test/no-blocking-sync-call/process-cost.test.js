/**
 * A child process's cost is a floor (#41, cost): what starting it takes, with a shell for `execSync`
 * and for `shell: true`; options the code hides leave the floor without a shell, since no option
 * makes a process start faster.
 */
import assert from 'node:assert/strict';
import { processCost } from '../../rules/no-blocking-sync-call/process-cost.js';
import { analyseSyncCalls } from './probe-calls.js';

/** @param {string} body statements in a function with an unknown `spec` parameter */
function costs(body) {
  return analyseSyncCalls(`import cp from 'node:child_process';\nexport function launch(spec) {\n${body}\n}`, processCost);
}

describe('process-cost: the least a child process costs', () => {
  it('execSync starts a shell; execFileSync and spawnSync start the command itself', () => {
    const [shell, file, spawned] = costs(`cp.execSync(spec.line);\ncp.execFileSync('sundial', ['--face']);\ncp.spawnSync('sundial');`);
    assert.equal(shell?.shell, true);
    assert.equal(file?.shell, false);
    assert.equal(spawned?.shell, false);
    assert.ok(shell && file && shell.ms >= file.ms && file.ms > 0);
  });

  it('shell: true in options after the argument list, or in their place, adds the shell', () => {
    const [withArgs, withoutArgs] = costs(`cp.spawnSync('sundial', ['--face'], { shell: true });\ncp.execFileSync('sundial', { shell: '/bin/sh' });`);
    assert.equal(withArgs?.shell, true);
    assert.equal(withoutArgs?.shell, true);
  });

  it('options it cannot read keep the floor without a shell', () => {
    const [hidden] = costs(`cp.spawnSync('sundial', [], spec.options);`);
    assert.deepEqual(hidden, { ms: costs(`cp.spawnSync('sundial');`)[0]?.ms, shell: false, node: false });
  });

  it('Node named as the command: the floor of starting Node, far above a small program\'s', () => {
    const [line, file, own, plain] = costs(`cp.execSync('node tide-table.js --week');\ncp.spawnSync(process.execPath, ['tide-table.js']);\ncp.execFileSync('node', ['-e', spec.source]);\ncp.execSync('nodemon tide-table.js');`);
    assert.equal(line?.node, true);
    assert.equal(line?.shell, true);
    assert.equal(file?.node, true);
    assert.equal(file?.shell, false);
    assert.equal(own?.node, true);
    assert.equal(plain?.node, false);
    assert.ok(line && plain && line.ms > 10 * plain.ms);
  });

  it('a local named process is not Node\'s, and a command only known at run time is not Node', () => {
    const [local, unknown] = costs(`const process = { execPath: spec.path };\ncp.spawnSync(process.execPath);\ncp.execSync(spec.line);`);
    assert.equal(local?.node, false);
    assert.equal(unknown?.node, false);
  });
});
