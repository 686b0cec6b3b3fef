import { writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { pathToFileURL } from 'node:url';
import { makeOwnedTempDir } from '../../processes/temp-folders.js';

/**
 * @typedef {{ status: number, body: any, maxInFlight: number, waits: number }} InvokeResult
 * @typedef {((req: any, res: any) => Promise<void>) & { invoke: () => Promise<InvokeResult> }} HarnessHandler
 */

/**
 * Writes both variants of a harness to a fresh temporary directory (the runner's child processes
 * and in-process checks import them from there) and returns their paths.
 * @param {{ before: { source: string }, after: { source: string } | null }} harness
 * @param {string} [dir]
 */
export async function writeHarnessFiles(harness, dir) {
  const root = dir ?? (await makeOwnedTempDir('unblock-harness-'));
  const beforePath = path.join(root, 'before.mjs');
  const afterPath = path.join(root, 'after.mjs');
  await writeFile(beforePath, harness.before.source);
  await writeFile(afterPath, (harness.after ?? harness.before).source);
  return { dir: root, beforePath, afterPath, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Imports a generated module in this process.
 * @param {string} file
 * @returns {Promise<HarnessHandler>}
 */
export async function loadHarnessModule(file) {
  const mod = await import(`${pathToFileURL(file).href}?t=${Date.now()}`);
  return mod.default;
}

/**
 * Calls both variants `times` times and compares status, result and the sorted list of simulated
 * calls. Equal bodies mean the fix kept what the function computes and which backends it asked.
 * @param {HarnessHandler} before
 * @param {HarnessHandler} after
 * @param {number} [times]
 * @returns {Promise<{ equal: boolean, before: InvokeResult, after: InvokeResult, difference?: string }>}
 */
export async function compareVariants(before, after, times = 2) {
  let a;
  let b;
  for (let i = 0; i < times; i += 1) {
    // One variant at a time, on purpose: the step-counting model counts waits per process, not per call.
    a = await before.invoke();
    b = await after.invoke();
    if (a.status !== b.status || !isDeepStrictEqual(a.body, b.body)) {
      return { equal: false, before: a, after: b, difference: `before answered ${JSON.stringify(a).slice(0, 300)}, after answered ${JSON.stringify(b).slice(0, 300)}` };
    }
  }
  return { equal: true, before: a, after: b };
}

/**
 * A quick in-process timing: `concurrency` callers invoke the handler back to back for
 * `durationMs`. This is the fallback when the HTTP bench runner is not used; it measures the same
 * harness without HTTP overhead.
 * @param {HarnessHandler} handler
 * @param {{ concurrency?: number, durationMs?: number, signal?: AbortSignal }} [options]
 * @returns {Promise<{ calls: number, perSecond: number, p50: number, p99: number, errors: number }>}
 */
export async function timeHandler(handler, { concurrency = 10, durationMs = 1000, signal } = {}) {
  const latencies = [];
  let errors = 0;
  const start = performance.now();
  const end = start + durationMs;
  async function worker() {
    while (performance.now() < end && !signal?.aborted) {
      const t0 = performance.now();
      const { status } = await handler.invoke();
      latencies.push(performance.now() - t0);
      if (status !== 200) errors += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((x, y) => x - y);
  const pick = (/** @type {number} */ q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { calls: latencies.length, perSecond: latencies.length / elapsed, p50: pick(0.5), p99: pick(0.99), errors };
}
