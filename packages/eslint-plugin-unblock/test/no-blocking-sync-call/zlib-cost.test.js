/**
 * The cost model of zlib calls (#41, cost): compression per MB of input at the call's level or
 * quality, decompression per MB of output, the whole call when the input's size is written out, and
 * no figure when an option the code does not show may change the speed. Synthetic shapes: the
 * names belong to no real app, and no test times anything (the figures come from
 * scripts/bench-sync-cost.js).
 */
import assert from 'node:assert/strict';
import { zlibCost } from '../../rules/no-blocking-sync-call/zlib-cost.js';
import { analyseSyncCalls } from './probe-calls.js';

/**
 * The cost of each zlib call in a module that imports zlib and declares `payload` unknown.
 * @param {string} body statements after the import
 */
function costs(body) {
  return analyseSyncCalls(`import zlib from 'node:zlib';\nexport function pack(payload, knobs) {\n${body}\n}`, zlibCost);
}

/** @param {string} call one zlib call */
function costOf(call) {
  const [cost] = costs(`return ${call};`);
  return cost;
}

describe('zlib-cost: what one zlib call costs', () => {
  it('compression of an unknown input: a figure per MB at the default level, none for the whole call', () => {
    const cost = costOf('zlib.gzipSync(payload)');
    assert.ok(cost);
    assert.equal(cost.work, 'compress');
    assert.deepEqual(cost.setting, { name: 'level', value: 6, isDefault: true });
    assert.equal(cost.bytes, null);
    assert.equal(cost.ms, null);
    assert.ok(cost.msPerMB > 0);
    // gzip, deflate and raw deflate are one algorithm: one figure.
    assert.equal(costOf('zlib.deflateSync(payload)')?.msPerMB, cost.msPerMB);
    assert.equal(costOf('zlib.deflateRawSync(payload)')?.msPerMB, cost.msPerMB);
  });

  it('a level the code writes out changes the figure, however it names it', () => {
    const fast = costOf('zlib.gzipSync(payload, { level: 1 })');
    const best = costOf('zlib.gzipSync(payload, { level: zlib.constants.Z_BEST_COMPRESSION, chunkSize: 32 * 1024 })');
    const named = costs(`const { Z_BEST_SPEED } = zlib.constants;\nconst TUNING = { level: Z_BEST_SPEED };\nreturn zlib.gzipSync(payload, TUNING);`)[0];
    const byDefault = costOf('zlib.gzipSync(payload)');
    assert.deepEqual(fast?.setting, { name: 'level', value: 1, isDefault: false });
    assert.ok(fast && byDefault && best && fast.msPerMB < byDefault.msPerMB && byDefault.msPerMB < best.msPerMB);
    assert.deepEqual(named?.setting, fast?.setting);
    // -1 is zlib's name for its default level.
    assert.deepEqual(costOf('zlib.gzipSync(payload, { level: -1 })')?.setting, byDefault?.setting);
  });

  it('brotli at its default quality (11) is far slower, and names a fast quality', () => {
    const slow = costOf('zlib.brotliCompressSync(payload)');
    const gzip = costOf('zlib.gzipSync(payload)');
    assert.deepEqual(slow?.setting, { name: 'quality', value: 11, isDefault: true });
    assert.ok(slow && gzip && slow.msPerMB > 50 * gzip.msPerMB);
    assert.equal(slow?.faster?.value, 4);
    const quick = costOf('zlib.brotliCompressSync(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } })');
    assert.deepEqual(quick?.setting, { name: 'quality', value: 4, isDefault: false });
    assert.equal(quick?.faster, null);
    assert.equal(quick?.msPerMB, slow?.faster?.msPerMB);
  });

  it('says no figure when an option it cannot read, or one that changes the speed, is passed', () => {
    assert.equal(costOf('zlib.gzipSync(payload, knobs)'), null);
    assert.equal(costOf('zlib.gzipSync(payload, { ...knobs, level: 1 })'), null);
    assert.equal(costOf('zlib.gzipSync(payload, { level: knobs.level })'), null);
    assert.equal(costOf('zlib.gzipSync(payload, { level: 1, strategy: zlib.constants.Z_HUFFMAN_ONLY })'), null);
    assert.equal(costOf('zlib.brotliCompressSync(payload, { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 24 } })'), null);
    assert.equal(costOf('zlib.brotliCompressSync(payload, { params: { [knobs.key]: 4 } })'), null);
    assert.equal(costOf('zlib.gunzipSync(payload, knobs)'), null);
    assert.equal(costOf('zlib.gzipSync(...knobs)'), null);
  });

  it('the size of a literal, a constant or a buffer of known length makes the whole call\'s cost', () => {
    const literal = costOf(`zlib.gzipSync('{"status":"idle"}')`);
    assert.equal(literal?.bytes, 17);
    assert.ok(literal?.ms !== null && literal?.ms !== undefined && literal.ms < 0.1);
    const [constant] = costs(`const BANNER = Buffer.from('quiet orchard', 'utf8');\nreturn zlib.deflateSync(BANNER);`);
    assert.equal(constant?.bytes, 13);
    const zeros = costOf('zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024))');
    assert.equal(zeros?.bytes, 64 * 1024 * 1024);
    assert.ok(zeros?.ms && zeros.ms > 100);
    // Brotli's top qualities cost more than a tenth of a millisecond even on a few bytes.
    assert.ok((costOf(`zlib.brotliCompressSync('tiny lantern')`)?.ms ?? 0) > 0.1);
  });

  it('decompression: per MB of output, whatever the input\'s size (it may expand a thousandfold)', () => {
    for (const name of ['gunzipSync', 'inflateSync', 'inflateRawSync', 'unzipSync', 'brotliDecompressSync']) {
      const cost = costOf(`zlib.${name}(Buffer.from('H4sIAAAAAAAAA8tIzcnJBwCGphA2BQAAAA==', 'base64'))`);
      assert.equal(cost?.work, 'decompress', name);
      assert.equal(cost?.ms, null, name);
      assert.ok((cost?.msPerMB ?? 0) > 0, name);
    }
  });
});
