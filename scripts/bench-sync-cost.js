#!/usr/bin/env node
/**
 * npm run bench:sync-cost — what the blocking calls whose cost follows their input take on this
 * machine: zlib compression and decompression per MB (gzip and deflate by level, brotli by quality),
 * the fixed cost of a tiny input, a child process that does nothing (the price of starting one), and
 * copyFileSync per MB. The figures in packages/eslint-plugin-unblock/rules/no-blocking-sync-call/
 * (zlib-cost.js, process-cost.js, COPY_MS_PER_MB in file-cost.js) come from this script's output.
 * Numbers only: it asserts nothing, and no test times anything.
 *
 * zlib and copyFileSync are timed by the main thread's CPU clock, which stays put when other
 * processes load the machine (its wall time does not); a child process by its least wall time over
 * many starts, since the thread waits for the child whatever the CPU does meanwhile.
 *
 * Usage: node scripts/bench-sync-cost.js [--runs N] [--mb N] [--only zlib|process|copy]
 */
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { median } from './bench-lint/median.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' }, mb: { type: 'string', default: '2' }, only: { type: 'string' } } });
/** @param {'zlib' | 'process' | 'copy'} section */
const runsSection = (section) => values.only === undefined || values.only === section;
const runs = Number(values.runs);
const MB = 1024 * 1024;
const size = Number(values.mb) * MB;

/** This thread's CPU clock (Node 22.19+; @types/node 20 does not know it yet). */
const threadCpuUsage = /** @type {{ threadCpuUsage: (previous?: NodeJS.CpuUsage) => NodeJS.CpuUsage }} */ (/** @type {unknown} */ (process)).threadCpuUsage;
/** CPU time of one sample, at least: the kernel counts a thread's CPU time in ticks of a few milliseconds. */
const SAMPLE_MS = 200;

/**
 * Milliseconds of one `work()` call after two warm-up calls (the second sets how many calls fill a
 * sample): the median of the main thread's CPU time, each sample repeating the call until it fills
 * SAMPLE_MS; and the least and median wall time of single calls.
 * @param {() => unknown} work
 */
function time(work) {
  work();
  const warm = performance.now();
  work();
  const repeat = Math.max(1, Math.ceil(SAMPLE_MS / Math.max(performance.now() - warm, 0.001)));
  const cpu = [];
  const wall = [];
  for (let i = 0; i < runs; i++) {
    const startCpu = threadCpuUsage();
    for (let j = 0; j < repeat; j++) work();
    const used = threadCpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000 / repeat);
    const start = performance.now();
    work();
    wall.push(performance.now() - start);
  }
  return { cpu: median(cpu), least: Math.min(...wall), wall: median(wall) };
}

/**
 * JSON as an API returns it: records with ids, names, dates and numbers (it compresses about 7:1
 * at gzip's default level; deterministic, so two runs compress the same bytes).
 * @param {number} bytes
 */
function jsonText(bytes) {
  const parts = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const record = JSON.stringify({ id: i, name: `customer-${(i * 7919) % 100_003}`, email: `user${(i * 104_729) % 99_991}@example.org`, createdAt: new Date(1_700_000_000_000 + i * 61_000).toISOString(), total: ((i * 37) % 10_000) / 100, tags: ['retail', i % 3 ? 'eu' : 'us'] });
    parts.push(record);
    length += record.length + 1;
  }
  return Buffer.from(`[${parts.join(',')}]`).subarray(0, bytes);
}

/** @param {string} label @param {string} figures */
function row(label, figures) {
  console.log(`  ${label.padEnd(56)} ${figures}`);
}

/** @param {number} ms */
const fixed = (ms) => ms.toFixed(ms < 1 ? 3 : 1).padStart(8);

const json = jsonText(size);
const randomBytes = crypto.randomBytes(size);
const tiny = Buffer.from('{"ok":true,"message":"hello"}');
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT } = zlib.constants;
/** @param {number} quality @param {object} [more] */
const brotli = (quality, more = {}) => ({ params: { [BROTLI_PARAM_QUALITY]: quality, ...more } });
const zstd = /** @type {any} */ (zlib);

console.log(`sync-call cost on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, zlib ${process.versions.zlib}, brotli ${process.versions.brotli}; ${runs} calls each, load average ${os.loadavg()[0].toFixed(1)}`);

if (runsSection('zlib')) {
  console.log(`\nCompression, main-thread CPU ms per MB of input (${values.mb} MB of JSON, 1 MB at brotli's qualities 10 and 11; random bytes in brackets):`);
  /** @type {Array<[string, (input: Buffer) => Buffer, number?]>} */
  const compressors = [
    ['gzipSync, default level (6)', (b) => zlib.gzipSync(b)],
    ...[1, 2, 3, 4, 5, 7, 8, 9].map((level) => /** @type {[string, (b: Buffer) => Buffer]} */ ([`gzipSync, level ${level}`, (b) => zlib.gzipSync(b, { level })])),
    ['deflateSync, default level (6)', (b) => zlib.deflateSync(b)],
    ['deflateRawSync, default level (6)', (b) => zlib.deflateRawSync(b)],
    ['brotliCompressSync, default quality (11)', (b) => zlib.brotliCompressSync(b), MB],
    ...[10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((quality) => /** @type {[string, (b: Buffer) => Buffer, number?]} */ ([`brotliCompressSync, quality ${quality}`, (b) => zlib.brotliCompressSync(b, brotli(quality)), quality >= 10 ? MB : undefined])),
    ['brotliCompressSync, quality 5, BROTLI_MODE_TEXT', (b) => zlib.brotliCompressSync(b, brotli(5, { [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT }))],
    ...('zstdCompressSync' in zlib ? [/** @type {[string, (b: Buffer) => Buffer]} */ (['zstdCompressSync, default level (3)', (b) => zstd.zstdCompressSync(b)])] : []),
  ];
  for (const [label, compress, bytes = size] of compressors) {
    const text = json.subarray(0, bytes);
    const perMB = time(() => compress(text)).cpu / (bytes / MB);
    const randomPerMB = time(() => compress(randomBytes.subarray(0, bytes))).cpu / (bytes / MB);
    row(label, `${fixed(perMB)} ms/MB  [${randomPerMB.toFixed(1)}]   ratio ${(bytes / compress(text).length).toFixed(1)}:1`);
  }

  console.log('\nDecompression, main-thread CPU ms per MB of output (the JSON above, compressed at the default level; brotli at quality 5):');
  /** @type {Array<[string, Buffer, (input: Buffer) => Buffer]>} */
  const decompressors = [
    ['gunzipSync', zlib.gzipSync(json), (b) => zlib.gunzipSync(b)],
    ['inflateSync', zlib.deflateSync(json), (b) => zlib.inflateSync(b)],
    ['inflateRawSync', zlib.deflateRawSync(json), (b) => zlib.inflateRawSync(b)],
    ['unzipSync (gzip input)', zlib.gzipSync(json), (b) => zlib.unzipSync(b)],
    ['brotliDecompressSync', zlib.brotliCompressSync(json, brotli(5)), (b) => zlib.brotliDecompressSync(b)],
    ...('zstdDecompressSync' in zlib ? [/** @type {[string, Buffer, (b: Buffer) => Buffer]} */ (['zstdDecompressSync', zstd.zstdCompressSync(json), (b) => zstd.zstdDecompressSync(b)])] : []),
  ];
  for (const [label, input, decompress] of decompressors) row(label, `${fixed(time(() => decompress(input)).cpu / (size / MB))} ms/MB`);

  console.log(`\nFixed cost: main-thread CPU ms of one call on ${tiny.length} bytes:`);
  /** @type {Array<[string, () => unknown]>} */
  const small = [
    ...[1, 6, 9].map((level) => /** @type {[string, () => unknown]} */ ([`gzipSync, level ${level}`, () => zlib.gzipSync(tiny, { level })])),
    ['deflateSync, default level', () => zlib.deflateSync(tiny)],
    ...[11, 10, 9, 7, 5, 4, 1].map((quality) => /** @type {[string, () => unknown]} */ ([`brotliCompressSync, quality ${quality}`, () => zlib.brotliCompressSync(tiny, brotli(quality))])),
    ...('zstdCompressSync' in zlib ? [/** @type {[string, () => unknown]} */ (['zstdCompressSync, default level', () => zstd.zstdCompressSync(tiny)])] : []),
    ['gunzipSync', ((input) => () => zlib.gunzipSync(input))(zlib.gzipSync(tiny))],
  ];
  for (const [label, work] of small) row(label, `${fixed(time(work).cpu)} ms`);
}

if (runsSection('process')) {
  console.log('\nA child process that does nothing: wall ms per call (the least any such call blocks):');
  /** @type {Array<[string, () => unknown]>} */
  const processes = [
    ["execSync('true') (a shell, then the command)", () => execSync('true')],
    ["execFileSync('true') (no shell)", () => execFileSync('true')],
    ["execFileSync('true', { shell: true })", () => execFileSync('true', { shell: true })],
    ["spawnSync('true')", () => spawnSync('true')],
    ["execFileSync(process.execPath, ['-e', '0']) (node starts)", () => execFileSync(process.execPath, ['-e', '0'])],
    ["execSync('git --version')", () => execSync('git --version')],
  ];
  for (const [label, work] of processes) {
    work();
    const wall = Array.from({ length: runs * 5 }, () => {
      const start = performance.now();
      work();
      return performance.now() - start;
    });
    row(label, `${fixed(Math.min(...wall))} ms least, ${fixed(median(wall))} ms median of ${wall.length}`);
  }
}

if (runsSection('copy')) {
  console.log(`\ncopyFileSync, main-thread CPU ms per MB (a ${values.mb} MB file on ${os.tmpdir()}, in the page cache after the warm-up; wall in brackets):`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-sync-cost-'));
  try {
    const source = path.join(folder, 'source.bin');
    fs.writeFileSync(source, randomBytes);
    let n = 0;
    /** @type {Array<[string, () => unknown]>} */
    const copies = [
      ['copyFileSync', () => fs.copyFileSync(source, path.join(folder, `copy-${n++ % 2}.bin`))],
      ['readFileSync + writeFileSync (for comparison)', () => fs.writeFileSync(path.join(folder, 'copy-w.bin'), fs.readFileSync(source))],
    ];
    for (const [label, work] of copies) {
      const measured = time(work);
      row(label, `${fixed(measured.cpu / (size / MB))} ms/MB  [${(measured.wall / (size / MB)).toFixed(1)}]`);
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
