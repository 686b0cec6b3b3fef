import assert from 'node:assert/strict';
import redisScripts from '../../../rules/project/evidence/redis-scripts.js';
import { sourceSays } from './call-site.js';

describe('evidence: Redis scripts', () => {
  // A script can run any command: its name says nothing of what it does (found as a check-and-add of a slot).
  it('eval, evalsha and fcall are writes', () => {
    assert.deepEqual(sourceSays(redisScripts, 'const SCRIPT = "return 1";\nfunction target(redis, key) { return redis.eval(SCRIPT, 1, key); }'), {
      kind: 'write', io: true, reads: [], writes: ['redis'], evidence: 'redis eval',
    });
    assert.equal(sourceSays(redisScripts, 'function target(redis, sha) { return redis.evalsha(sha, 0); }')?.kind, 'write');
    assert.equal(sourceSays(redisScripts, "function target(client) { return client.fcall('bump', 1, 'k'); }")?.kind, 'write');
  });

  it('read-only when the command or the script says so', () => {
    assert.equal(sourceSays(redisScripts, 'function target(redis, s) { return redis.eval_ro(s, 1, "k"); }')?.kind, 'read');
    assert.equal(sourceSays(redisScripts, 'function target(client, s) { return client.evalShaRo(s, { keys: ["k"] }); }')?.kind, 'read');
    const flagged = "const COUNT = `#!lua flags=no-writes\\nreturn redis.call('SCARD', KEYS[1])`;\nfunction target(redis) { return redis.eval(COUNT, 1, 'k'); }";
    assert.equal(sourceSays(redisScripts, flagged)?.kind, 'read');
  });

  it('a script whose shebang allows writes stays a write', () => {
    const shebang = "const ADD = `#!lua flags=allow-oom\\nreturn redis.call('SADD', KEYS[1], ARGV[1])`;\nfunction target(redis) { return redis.eval(ADD, 1, 'k', 'v'); }";
    assert.equal(sourceSays(redisScripts, shebang)?.kind, 'write');
  });

  it('says nothing about a plain eval() or an evaluate method', () => {
    assert.equal(sourceSays(redisScripts, 'function target(page) { return page.evaluate(() => 1); }'), null);
    assert.equal(sourceSays(redisScripts, 'function target(redis) { return redis.eval(); }'), null);
  });
});
