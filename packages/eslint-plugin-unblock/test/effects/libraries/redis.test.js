/**
 * Redis's table (rules/effects/libraries/redis.js): a client pipelines concurrent commands, so two
 * independent reads started together share round trips, even on a receiver called `client` (a
 * name that stands for one connection elsewhere). Commands match in either spelling.
 */
import assert from 'node:assert/strict';
import { lintLibraryCode, code } from './lint-library.js';

describe('library table: Redis', () => {
  it('node-redis: two reads are reported although neither name is an English verb', () => {
    const reports = lintLibraryCode(code([
      "import { createClient } from 'redis';",
      'const client = createClient({ url: process.env.REDIS_URL });',
      'export async function presence(room) {',
      '  const members = await client.sMembers(`room:${room}:members`);',
      '  const meta = await client.hGetAll(`room:${room}`);',
      '  return { members, meta };',
      '}']));
    assert.equal(reports.length, 1);
    assert.deepEqual(reports[0].operations.map((line) => line.endsWith("read, from Redis's API")), [true, true]);
  });

  it('ioredis: a write keeps its place', () => {
    const reports = lintLibraryCode(code([
      "const Redis = require('ioredis');",
      'const redis = new Redis();',
      'async function bump(key) {',
      '  await redis.incr(`hits:${key}`);',
      '  const top = await redis.zrevrange(\'leaders\', 0, 9);',
      '  return top;',
      '}',
      'module.exports = { bump };']));
    assert.deepEqual(reports, []);
  });

  it('a MULTI transaction keeps its place: the read after EXEC waits for it', () => {
    const reports = lintLibraryCode(code([
      "import Redis from 'ioredis';",
      'const redis = new Redis();',
      'export async function move(from, to) {',
      '  await redis.multi().smove(from, to, \'x\').exec();',
      '  const left = await redis.scard(from);',
      '  return left;',
      '}']));
    assert.deepEqual(reports, []);
  });
});
