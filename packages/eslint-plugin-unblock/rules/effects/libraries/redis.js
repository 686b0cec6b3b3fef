/**
 * Redis clients (ioredis, node-redis): one connection that pipelines the commands sent while others
 * are in flight, so independent commands started together share round trips. `multi()`/`pipeline()`
 * batch commands on purpose; blocking pops and `watch` keep their place. Commands are matched
 * without regard to case (node-redis spells `hGetAll`, ioredis `hgetall`).
 */

/** @type {import('./library-api.js').LibraryApi} */
export default {
  name: 'Redis',
  packages: ['ioredis', 'redis', '@redis/client'],
  handle: 'multiplexed',
  reads: [
    'get', 'mget', 'getrange', 'strlen', 'exists', 'ttl', 'pttl', 'type', 'keys', 'scan', 'hget', 'hgetall', 'hmget', 'hkeys',
    'hvals', 'hlen', 'hexists', 'hscan', 'hstrlen', 'smembers', 'sismember', 'smismember', 'scard', 'srandmember', 'sscan',
    'sinter', 'sunion', 'sdiff', 'zrange', 'zrevrange', 'zrangebyscore', 'zrevrangebyscore', 'zrangebylex', 'zscore',
    'zmscore', 'zrank', 'zrevrank', 'zcard', 'zcount', 'zlexcount', 'zscan', 'lrange', 'llen', 'lindex', 'lpos', 'xrange',
    'xrevrange', 'xlen', 'pfcount', 'getbit', 'bitcount', 'geopos', 'geodist', 'geosearch', 'dbsize', 'eval_ro', 'evalsha_ro',
  ],
  writes: [
    'set', 'setex', 'psetex', 'setnx', 'mset', 'msetnx', 'getset', 'getdel', 'getex', 'setrange', 'append', 'del', 'unlink',
    'expire', 'pexpire', 'expireat', 'pexpireat', 'persist', 'incr', 'incrby', 'incrbyfloat', 'decr', 'decrby', 'hset',
    'hsetnx', 'hmset', 'hdel', 'hincrby', 'hincrbyfloat', 'sadd', 'srem', 'spop', 'smove', 'sinterstore', 'sunionstore',
    'zadd', 'zrem', 'zincrby', 'zpopmin', 'zpopmax', 'zremrangebyscore', 'zremrangebyrank', 'zunionstore', 'zinterstore',
    'lpush', 'rpush', 'lpushx', 'rpushx', 'lpop', 'rpop', 'lrem', 'ltrim', 'lset', 'linsert', 'rpoplpush', 'lmove', 'publish',
    'xadd', 'xdel', 'xtrim', 'xack', 'xgroup', 'pfadd', 'pfmerge', 'setbit', 'rename', 'renamenx', 'copy', 'flushdb',
    'flushall', 'eval', 'evalsha', 'fcall', 'multi', 'pipeline', 'exec', 'watch', 'unwatch', 'blpop', 'brpop', 'brpoplpush',
    'blmove', 'bzpopmin', 'bzpopmax', 'xread', 'xreadgroup', 'subscribe', 'psubscribe', 'quit', 'disconnect', 'connect',
  ],
  types: { Redis: 'multiplexed', Cluster: 'multiplexed', RedisClientType: 'multiplexed' },
};
