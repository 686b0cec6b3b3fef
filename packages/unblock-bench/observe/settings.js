/**
 * The observer's settings: the bench's options, checked the same way (resolveOptions), with a
 * shorter pass by default — one connection level (the fixture's lowest), a short warm-up and one
 * measured stretch per route — and every rule, so that what one rule reports is never shown as
 * missed because the fixture benchmarks another.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { KNOWN_RULES, resolveOptions } from '../fixture/options.js';
import { BenchError } from '../errors.js';

/** Seconds of unmeasured load per route before it is observed (JIT, caches, connections). */
const DEFAULT_WARMUP = 0.5;

/**
 * The settings of a run, as `.unblock/observed.json` records them (the plugin's observed-schema.js).
 * @typedef {import('eslint-plugin-unblock/tooling').ObservedSettings} ObserveSettings
 */

/**
 * @param {Record<string, any>} options
 * @param {import('../fixture/fixture.js').FixtureSpec} spec
 * @returns {ObserveSettings}
 */
export function observeSettings(options, spec) {
  const resolved = resolveOptions(
    {
      connections: options.connections,
      duration: options.duration,
      warmup: options.warmup ?? DEFAULT_WARMUP,
      threadpoolSize: options.threadpoolSize,
      rules: options.rules ?? KNOWN_RULES,
      listenTimeout: options.listenTimeout,
      requestTimeout: options.requestTimeout,
    },
    spec,
  );
  if (options.connections !== undefined && resolved.connections.length > 1) {
    throw new BenchError('--connections: observe loads each route at one level; give one number', { code: 'BAD_OPTION' });
  }
  return {
    connections: Math.min(...resolved.connections),
    duration: resolved.duration,
    warmup: resolved.warmup,
    threadpoolSize: resolved.threadpoolSizes[0],
    rules: resolved.rules,
    listenTimeout: resolved.listenTimeout,
    requestTimeout: resolved.requestTimeout,
  };
}

/**
 * The project's root: the folder of the nearest package.json at or above the fixture (where
 * `.unblock/observed.json` goes and what file names are relative to), else the fixture's folder.
 * @param {string} dir
 */
export async function projectRootOf(dir) {
  for (let current = dir; ; current = path.dirname(current)) {
    if (await stat(path.join(current, 'package.json')).catch(() => null)) return current;
    if (path.dirname(current) === current) return dir;
  }
}
