import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runComparison } from '../run/run-comparison.js';
import { makeOwnedTempDir } from '../processes/temp-folders.js';
import { validateSpec } from '../fixture/fixture.js';
import { KNOWN_RULES } from '../fixture/options.js';
import { buildFunctionHarness } from './build.js';
import { BYSTANDER_PATH } from './emit/runtime.js';
import { writeHarnessFiles, loadHarnessModule, compareVariants } from './emit/verify.js';
import { loadPlugin, suggestedReports } from '../variants/after-source.js';
import { functionBenchVerdict } from '../measurable.js';
import { benchFactsOf } from 'eslint-plugin-unblock/tooling';

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
  if (!harness.after?.fixed) {
    // The rules may report the function and still leave the harness nothing to fix: say why.
    const why = await whyNotMeasurable(harness, rules);
    return why ? { status: 'refused', function: about, refusal: why } : { status: 'nothing-to-fix', function: about, refusal: null };
  }

  const probe = await probeHarness({ file, line, rules, messages: harness.after.messages });
  if ('refusal' in probe) return { status: 'refused', function: about, refusal: probe.refusal };
  const { ideal } = probe;
  const dir = await makeOwnedTempDir('unblock-function-');
  try {
    const entryPath = path.join(dir, 'harness.mjs');
    const raw = {
      name: `function-${String(harness.functionName).replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '')}`.slice(0, 80),
      title: `${harness.functionName} (simulated backends)`,
      description: `Harness built from ${path.relative(process.cwd(), harness.file) || harness.file}:${line}. The numbers come from the latency model (${harness.modelText}), not from real backends.`,
      seed: '',
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
 * Why a function the rules report on left the harness nothing to fix, from the rules' reports on
 * the file itself (under its own path, so the project around it is read as the editor reads it)
 * and the bench's own predicate (measurable.js, which the editor's "Benchmark" CodeLens follows):
 * "line 5: bcrypt.hashSync() … it is a call into an npm package, …". Null when the rules report
 * nothing in the function, or something the function bench can measure.
 * @param {import('./build.js').FunctionHarness} harness
 * @param {string[]} rules
 * @returns {Promise<string | null>}
 */
async function whyNotMeasurable(harness, rules) {
  const { span } = harness;
  if (!span) return null;
  let reports;
  try {
    const source = await readFile(harness.file, 'utf8');
    reports = suggestedReports(source, { rules, filename: harness.file, plugin: await loadPlugin(), cwd: path.dirname(harness.file) });
  } catch {
    return null; // the harness parsed it; a file the rules cannot lint says nothing more
  }
  const inside = reports.filter((r) => r.line >= span.start && r.line <= span.end);
  if (inside.length === 0 || inside.some((r) => functionBenchVerdict(/** @type {any} */ (r)).measurable)) return null;
  const first = inside[0];
  const verdict = /** @type {{ reason: string }} */ (functionBenchVerdict(/** @type {any} */ (first)));
  const callee = /^`?([\w.$]+\(\))/.exec(first.message)?.[1];
  return `the report on line ${first.line} (${callee ?? first.ruleId}) cannot be measured here: ${verdict.reason}`;
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
 * simulated one cannot pass) is refused with the reason. The run uses the step-counting model, so
 * it also counts the waits on each variant's critical path exactly: that count is the ideal gain
 * for I/O. When the waits do not fall, a report whose rule says its fix moves blocking work off
 * the main thread (`meta.bench.ideal: 'offload'`) predicts an "offload".
 * @param {{ file: string, line: number, rules: string[], messages: string[], plugin?: { rules: Record<string, any> } }} input
 *   messages: the fixed reports, each "<rule id> (line N): …"; plugin: whose rules made them (the Unblock plugin by default)
 * @returns {Promise<{ ideal: import('../fixture/fixture.js').IdealSpec, waits: { before: number, after: number } } | { refusal: string }>}
 */
export async function probeHarness({ file, line, rules, messages, plugin }) {
  const probe = await buildFunctionHarness({ file, line, rules, probe: true });
  if (probe.refusal) return { refusal: probe.refusal };
  const files = await writeHarnessFiles(/** @type {any} */ (probe));
  let same;
  try {
    const [before, after] = await Promise.all([loadHarnessModule(files.beforePath), loadHarnessModule(files.afterPath)]);
    same = await compareVariants(before, after, 1);
  } finally {
    await files.cleanup();
  }
  if (same.before.status !== 200) return { refusal: `the function fails on simulated values: ${same.before.body.error}` };
  if (!same.equal) return { refusal: `the fix changes what the function computes on simulated data: ${same.difference}` };
  const waits = { before: same.before.waits, after: same.after.waits };
  if (waits.after >= 1 && waits.before > waits.after) return { ideal: { kind: 'parallel-io', ...waits }, waits };
  const rulesOf = plugin ?? (await loadPlugin());
  if (messages.some((m) => benchFactsOf(rulesOf, m.split(' ', 1)[0])?.ideal === 'offload')) return { ideal: { kind: 'offload' }, waits };
  return { ideal: { kind: 'none' }, waits };
}
