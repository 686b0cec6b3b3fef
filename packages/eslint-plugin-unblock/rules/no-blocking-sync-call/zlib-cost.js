/**
 * What one synchronous zlib call costs, from its input and its options: compression per MB of input
 * at the call's level (gzip, deflate) or quality (brotli), decompression per MB of output, and, when
 * the code shows the input's size (a literal, a small buffer), the call as a whole, so that a
 * compressed constant can count as cheap (work-size.js).
 *
 * The figures are the main thread's CPU time, measured by scripts/bench-sync-cost.js on this
 * project's 2-core machine (AMD EPYC, Node 22.23, zlib 1.3.1, brotli 1.1.0; the mean of two runs'
 * medians of seven samples, which differed by up to a third at brotli's middle qualities) on API-style
 * JSON, which compresses about 7:1. Bytes that do not compress (an image, an archive) cost gzip about
 * 35 ms per MB at every level (seven times the JSON figure at level 1), and brotli less: the figure
 * says the size of the stall, not its exact length.
 *
 * Brotli's default quality is 11, its slowest: about 200 times gzip's default level for output
 * under half as large (12.9:1 against 7.3:1 on that JSON). Quality 4 compresses as well as gzip's
 * default (7.9:1) in about twice its time, which is why the message names it.
 */
import { constants } from 'node:zlib';
import { readZlibOptions } from './zlib-options.js';
import { inputBytes } from './input-size.js';

const MB = 1024 * 1024;

/**
 * @typedef {object} ZlibCost
 * @property {'compress' | 'decompress'} work
 * @property {{ name: 'level' | 'quality', value: number, isDefault: boolean } | null} setting what sets the speed, when the API has one
 * @property {number} msPerMB milliseconds per MB of input (compression) or of output (decompression)
 * @property {number | null} bytes the input's size, when the code shows it (compression only)
 * @property {number | null} ms the whole call, when the size is known
 * @property {{ value: number, msPerMB: number } | null} faster a much faster setting to name (brotli at its default quality)
 */

/**
 * @typedef {object} Compressor
 * @property {'level' | 'quality'} setting
 * @property {number} defaultValue
 * @property {Record<number, number>} msPerMB by setting
 * @property {Record<number, number>} fixedMs one call on a few bytes, by setting (the nearest measured setting below when absent)
 * @property {(options: import('./zlib-options.js').Options) => number | null | undefined} read the setting in readable options: undefined for the default, null when other options may change the speed
 */

/** The options that only shape the output stream, never the work per byte. */
const STREAM_OPTIONS = new Set(['chunkSize', 'info', 'maxOutputLength', 'finishFlush', 'flush']);
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT, BROTLI_PARAM_MODE } = constants;
/** Brotli's parameters that leave its speed as measured: the quality and two hints (the text mode moved quality 5 by under 10%). */
const BROTLI_SPEED_NEUTRAL = new Set([String(BROTLI_PARAM_QUALITY), String(BROTLI_PARAM_SIZE_HINT), String(BROTLI_PARAM_MODE)]);

/** @type {Compressor} */
const DEFLATE = {
  setting: 'level',
  defaultValue: 6,
  msPerMB: { 1: 5, 2: 6, 3: 8, 4: 10, 5: 12, 6: 14, 7: 20, 8: 41, 9: 42 },
  fixedMs: { 1: 0.02 },
  read(options) {
    if (Object.keys(options).some((key) => key !== 'level' && !STREAM_OPTIONS.has(key))) return null;
    if (options.level === undefined || options.level === -1) return undefined;
    return typeof options.level === 'number' && Number.isInteger(options.level) && options.level >= 0 && options.level <= 9 ? options.level : null;
  },
};

/** @type {Compressor} */
const BROTLI = {
  setting: 'quality',
  defaultValue: 11,
  msPerMB: { 0: 4, 1: 5, 2: 8, 3: 11, 4: 29, 5: 48, 6: 68, 7: 90, 8: 136, 9: 210, 10: 1300, 11: 3100 },
  fixedMs: { 0: 0.03, 9: 0.2, 10: 0.5, 11: 0.7 },
  read(options) {
    if (Object.keys(options).some((key) => key !== 'params' && !STREAM_OPTIONS.has(key))) return null;
    const params = options.params ?? {};
    if (typeof params !== 'object' || params === null || Object.keys(params).some((key) => !BROTLI_SPEED_NEUTRAL.has(key))) return null;
    const quality = /** @type {Record<string, unknown>} */ (params)[BROTLI_PARAM_QUALITY];
    if (quality === undefined) return undefined;
    return typeof quality === 'number' && Number.isInteger(quality) && quality >= 0 && quality <= 11 ? quality : null;
  },
};

/** @type {Compressor} */
const ZSTD = {
  setting: 'level',
  defaultValue: 3,
  msPerMB: { 3: 8 },
  fixedMs: { 3: 0.02 },
  // Its levels were measured at the default only: any option leaves it without a figure.
  read: (options) => (Object.keys(options).every((key) => STREAM_OPTIONS.has(key)) ? undefined : null),
};

/** @type {Record<string, Compressor>} */
const COMPRESSORS = { gzipSync: DEFLATE, deflateSync: DEFLATE, deflateRawSync: DEFLATE, brotliCompressSync: BROTLI, zstdCompressSync: ZSTD };
/** Milliseconds per MB of output. */
const DECOMPRESSORS = /** @type {Record<string, number>} */ ({ gunzipSync: 2.1, inflateSync: 1.8, inflateRawSync: 1.6, unzipSync: 2.1, brotliDecompressSync: 2.6, zstdDecompressSync: 1.8 });
/** A quality to name when brotli runs at its default: about gzip's speed and output size. */
const BROTLI_FAST_QUALITY = 4;

/**
 * What one call costs, or null when it is not a zlib call this knows or its options may change the
 * speed in a way the code does not show.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node the call
 * @param {string} name the API's name (`gzipSync`)
 * @returns {ZlibCost | null}
 */
export function zlibCost(sourceCode, node, name) {
  if (node.type !== 'CallExpression' || node.arguments.length === 0 || node.arguments.some((/** @type {any} */ argument) => argument.type === 'SpreadElement')) return null;
  const options = node.arguments.length > 1 ? readZlibOptions(sourceCode, node.arguments[1]) : {};
  if (options === null) return null;
  const decompress = DECOMPRESSORS[name];
  if (decompress !== undefined) {
    if (Object.keys(options).some((key) => !STREAM_OPTIONS.has(key))) return null;
    return { work: 'decompress', setting: null, msPerMB: decompress, bytes: null, ms: null, faster: null };
  }
  const compressor = COMPRESSORS[name];
  const read = compressor?.read(options);
  if (!compressor || read === null) return null;
  const value = read ?? compressor.defaultValue;
  const msPerMB = compressor.msPerMB[value];
  if (msPerMB === undefined) return null;
  const bytes = inputBytes(sourceCode, node.arguments[0]);
  const ms = bytes === null ? null : fixedCost(compressor, value) + (msPerMB * bytes) / MB;
  const slowDefault = compressor === BROTLI && value > BROTLI_FAST_QUALITY + 5;
  return {
    work: 'compress',
    setting: { name: compressor.setting, value, isDefault: value === compressor.defaultValue },
    msPerMB,
    bytes,
    ms,
    faster: slowDefault ? { value: BROTLI_FAST_QUALITY, msPerMB: BROTLI.msPerMB[BROTLI_FAST_QUALITY] } : null,
  };
}

/**
 * One call's cost on a few bytes: the measured setting at or below `value`.
 * @param {Compressor} compressor
 * @param {number} value
 */
function fixedCost(compressor, value) {
  const measured = Object.keys(compressor.fixedMs).map(Number).filter((setting) => setting <= value);
  return compressor.fixedMs[Math.max(...measured)];
}
