import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runComparison } from '../run-comparison.js';
import { validateSpec } from '../fixture.js';
import { BenchError } from '../errors.js';
import { KNOWN_RULES } from '../options.js';
import { buildFunctionHarness } from './build.js';
import { BYSTANDER_PATH } from './runtime.js';
import { writeHarnessFiles, loadHarnessModule, compareVariants } from './verify.js';

/** Latency of the probe that counts the waits on the critical path (larger than any JS work). */
const PROBE_MS = 40;

/**
 * Benchmarks the function at `file:line` like a fixture: generates the "before" harness, lets the
 * bench runner build the "after" variant with the plugin's fixes, check equivalence and measure
 * both under HTTP load. A function the harness cannot isolate gives `status: 'refused'` and the
 * reason; it is never measured.
 * @param {{ file: string, line: number, latencyModel?: unknown, rules?: string[], keep?: boolean } & Record<string, any>} options
 *   plus any bench option of `runComparison` (connections, duration, rounds, warmup, threadpoolSize…)
 * @param {{ onProgress?: (event: any) => void, signal?: AbortSignal }} [hooks]
 */
export async function benchmarkFunction(options, hooks = {}) {
  const { file, line, latencyModel, keep, rules = KNOWN_RULES, ...benchOptions } = options ?? /** @type {any} */ ({});
  const harness = await buildFunctionHarness({ file, line, latencyModel, rules });
  const about = describeHarness(harness);
  if (harness.refusal) return { status: 'refused', function: about, refusal: harness.refusal };
  if (!harness.after?.fixed) return { status: 'nothing-to-fix', function: about, refusal: null };

  const probe = await probeHarness({ file, line, rules, messages: harness.after.messages });
  if ('refusal' in probe) return { status: 'refused', function: about, refusal: probe.refusal };
  const { ideal } = probe;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'unblock-function-'));
  try {
    const entryPath = path.join(dir, 'harness.mjs');
    const raw = {
      name: `function-${String(harness.functionName).replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '')}`.slice(0, 80),
      title: `${harness.functionName} (simulated backends)`,
      description: `Harness built from ${path.relative(process.cwd(), harness.file) || harness.file}:${line}. The numbers come from the latency model (${harness.modelText}), not from real backends.`,
      seed: 'function harness',
      entry: 'harness.mjs',
      export: 'default',
      kind: 'handler',
      rules,
      routes: [{ method: 'GET', path: '/' }],
      bystander: { method: 'GET', path: BYSTANDER_PATH },
      ideal,
    };
    await writeFile(entryPath, harness.before.source);
    await writeFile(path.join(dir, 'fixture.json'), `${JSON.stringify(raw, null, 2)}\n`);
    const spec = validateSpec(raw, path.join(dir, 'fixture.json'), raw.name);
    const result = await runComparison({ ...benchOptions, fixture: { dir, entryPath, source: harness.before.source, spec } }, hooks);
    return { ...result, function: about, refusal: null, harnessDir: keep ? dir : null };
  } finally {
    if (!keep) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * What the report says about the harness: where the function is, the model, what was simulated.
 * @param {import('./build.js').FunctionHarness} harness
 */
export function describeHarness(harness) {
  return {
    file: harness.file,
    line: harness.line,
    name: harness.functionName,
    model: harness.model,
    modelText: harness.modelText,
    simulated: harness.simulated,
    note: 'Backends are simulated: the numbers come from the latency model, not from your real database or services.',
  };
}

/**
 * Runs both variants once in this process before any server starts: a function that fails on
 * simulated values (it loops until a backend says "no more", or needs a real value where a
 * simulated one cannot pass) is refused with the reason. Then counts the simulated waits on the
 * critical path of each variant with a slow I/O model: that count is the ideal gain for I/O; a
 * blocking call moved off the main thread is an "offload".
 * @param {{ file: string, line: number, rules: string[], messages: string[] }} input
 * @returns {Promise<{ ideal: import('../fixture.js').IdealSpec } | { refusal: string }>}
 */
export async function probeHarness({ file, line, rules, messages }) {
  const elapsed = async (/** @type {number} */ ms) => {
    const probe = await buildFunctionHarness({ file, line, rules, latencyModel: { kind: 'io', ms } });
    const files = await writeHarnessFiles(/** @type {any} */ (probe));
    try {
      const [before, after] = await Promise.all([loadHarnessModule(files.beforePath), loadHarnessModule(files.afterPath)]);
      const same = await compareVariants(before, after, 1);
      if (same.before.status !== 200) throw new BenchError(`the function fails on simulated values: ${same.before.body.error}`, { code: 'HARNESS_FAILED' });
      if (!same.equal) throw new BenchError(`the fix changes what the function computes on simulated data: ${same.difference}`, { code: 'NOT_EQUIVALENT' });
      const time = async (/** @type {any} */ variant) => {
        const t0 = performance.now();
        await variant.invoke();
        return performance.now() - t0;
      };
      // One at a time: each timing must see only its own variant's waits.
      // eslint-disable-next-line unblock/no-await-waterfall -- sequential on purpose
      const beforeMs = await time(before);
      const afterMs = await time(after);
      return { before: beforeMs, after: afterMs };
    } finally {
      await files.cleanup();
    }
  };
  // Sequential on purpose: overlapping probes would add each other's CPU time to the waits.
  let cpu;
  let slow;
  try {
    // eslint-disable-next-line unblock/no-await-waterfall -- sequential on purpose, see above
    cpu = await elapsed(0);
    slow = await elapsed(PROBE_MS);
  } catch (error) {
    if (error instanceof BenchError) return { refusal: error.message };
    throw error;
  }
  const waits = (/** @type {'before' | 'after'} */ v) => Math.max(0, Math.round((slow[v] - cpu[v]) / PROBE_MS));
  const before = waits('before');
  const after = waits('after');
  if (after >= 1 && before > after) return { ideal: { kind: 'parallel-io', before, after } };
  if (messages.some((m) => m.startsWith('unblock/no-blocking-sync-call'))) return { ideal: { kind: 'offload' } };
  return { ideal: { kind: 'none' } };
}
