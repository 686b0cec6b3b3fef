/**
 * What a reader must see before a headline figure, in the same words in every printer (terminal,
 * summary, HTML): a route the fix made slower, why a measured gain can exceed the ideal, a row
 * whose rounds disagree, what was not measured and why, and which Node ran the servers. Pure.
 */
import { percentOver, ratioVerdict } from '../statistics/verdict.js';
import { findingLabel, ms, percent, plural, ratio } from './format.js';

/** A per-round spread of the req/s ratio this wide marks a row noisy (the rounds disagree by more than ±15 %). */
export const NOISY_SPREAD = 0.15;

/**
 * The routes whose requests the fix made slower at one connection level (their p50 latency, a
 * verdict the rounds agree on), slowest first: "POST /login got 1.37× slower (p50 11.0 → 15.0 ms)".
 * @param {any} level
 * @param {any} result
 * @returns {string[]}
 */
export function slowerRoutes(level, result) {
  const routes = level.routes ?? [];
  if (routes.length < 2) return [];
  const names = result.fixture?.routes ?? [];
  return routes
    .map((/** @type {any} */ route, /** @type {number} */ i) => ({ route, name: names[i] ?? `route ${i + 1}`, verdict: ratioVerdict(route.ratio?.p50) }))
    .filter((r) => r.verdict.kind === 'slower')
    .sort((a, b) => (b.verdict.factor ?? 0) - (a.verdict.factor ?? 0))
    .map((r) => `${r.name} got ${r.verdict.factor?.toFixed(2)}× slower (p50 ${ms(r.route.before.latency.p50)} → ${ms(r.route.after.latency.p50)} ms)`);
}

/**
 * The level's headline: the routes that got slower first, then the overall req/s verdict.
 * @param {any} level
 * @param {any} result
 */
export function levelHeadline(level, result) {
  const overall = ratioVerdict(level.ratio.rps).text;
  const slower = slowerRoutes(level, result);
  return slower.length ? `${slower.join('; ')}; all routes together: ${overall}` : overall;
}

/**
 * Why a measured gain exceeds the ideal one, when it does (the low end of its confidence interval
 * by more than 10 %); null otherwise. The ideal counts only what can run at once after the fix, for the
 * same work per request: a larger gain means the work itself changed.
 * @param {any} level
 * @returns {string | null}
 */
export function idealExplanation(level) {
  const { ideal } = level;
  const measured = ratioVerdict(level.ratio.rps);
  if (ideal.gain === null || measured.kind !== 'faster' || measured.factor === null) return null;
  const low = measured.ci?.[0] ?? measured.factor;
  if (low <= ideal.gain * 1.1) return null;
  return `measured ${measured.factor.toFixed(2)}× is more than the ideal ${ratio(ideal.gain)}: the ideal assumes the fix does the same work per request and only lets more of it run at once (${ideal.basis}); a larger gain means each request also got cheaper (native code instead of JavaScript, a copy or a parse saved) or the before server lost time the model does not count (other programs on the machine, the bystander's requests queued behind a blocked event loop)`;
}

/**
 * The ideal-gain note of one level: the prediction, how much of it the fix reached, and why a
 * measured gain exceeds it.
 * @param {any} level
 */
export function idealNote(level) {
  const { ideal } = level;
  if (ideal.gain === null) return 'ideal gain: no prediction for this fixture';
  const extra = idealExplanation(level);
  const head =
    ideal.reached === null
      ? `ideal gain ${ratio(ideal.gain)}: the model expects no gain (${ideal.basis})`
      : `ideal gain ${ratio(ideal.gain)} (${ideal.basis}); the fix reached ${percent(ideal.reached)} of it`;
  return extra ? `${head}; ${extra}` : head;
}

/**
 * Why a level's numbers are noisy, or null: the rounds disagree (a wide req/s ratio, or one so
 * scattered that only a large difference could have been detected), or other programs used the
 * machine during its slices.
 * @param {any} level
 * @returns {string | null}
 */
export function noisyReason(level) {
  const rps = level.ratio?.rps;
  const verdict = ratioVerdict(rps);
  const why = [];
  if ((rps?.spread ?? 0) >= NOISY_SPREAD) why.push(`the rounds disagree by ±${Math.round(rps.spread * 100)}%`);
  else if (verdict.kind === 'no-difference' && verdict.detectable === null) why.push('too few rounds to show a difference');
  else if (verdict.kind === 'no-difference' && /** @type {number} */ (verdict.detectable) >= 1 + NOISY_SPREAD) {
    why.push(`the rounds scatter so much that only a difference of ${percentOver(/** @type {number} */ (verdict.detectable))} or more could be detected`);
  }
  if (level.noisySlices > 0) why.push(`${plural(level.noisySlices, 'slice')} ran while other programs were busy`);
  return why.length ? why.join('; ') : null;
}

/**
 * Why nothing was measured, in one line: the rules found nothing to change in the files they
 * read, and which relative imports led to no file they could read.
 * @param {any} result a result with status "nothing-to-fix"
 */
export function notMeasuredText(result) {
  const fix = result.fix;
  const files = fix.files ?? [];
  const entry = result.fixture.entry;
  const where = files.length > 1 ? `${entry} and the ${plural(files.length - 1, 'file')} it imports` : entry;
  const rules = fix.rulesApplied.join(', ') || 'no rule available';
  if (result.expected) return `nothing to fix, as this negative control expects: ${rules} found nothing to change in ${where}; not benchmarked.`;
  const unresolved = fix.unresolved ?? [];
  const missing = unresolved.length
    ? `; ${plural(unresolved.length, 'relative import')} led to no file the rules could read (${unresolved.slice(0, 3).map((/** @type {any} */ u) => `${u.specifier} in ${u.file}`).join(', ')}${unresolved.length > 3 ? ', …' : ''})`
    : '';
  const findings = fix.findings ?? [];
  if (!findings.length && fix.lowered) return `not measured: ${loweredText(fix.lowered)}.`;
  const what = findings.length
    ? `${rules} reported ${plural(findings.length, 'finding')} in ${where} but offer no rewrite for ${findings.length === 1 ? 'it' : 'them'} (${findings.slice(0, 3).map(findingLabel).join(', ')}${findings.length > 3 ? ', …' : ''})`
    : `${rules} found nothing to change in ${where}`;
  return `not measured: ${what}${missing}, so there is no "after" to compare.`;
}

/**
 * Why compiled output gave the rules nothing: its async functions are generators now.
 * @param {import('../fixture/compiled-output.js').LoweredAsync} lowered
 */
function loweredText(lowered) {
  const target = lowered.tsconfig ? `; ${lowered.tsconfig.file} compiles to "target": "${lowered.tsconfig.target}", and await survives compilation only from ES2017` : '';
  return `${lowered.file} is compiled output whose async functions became generators (${lowered.helper} at line ${lowered.line}), so no await is left for the rules to read${target}; point "entry" at the TypeScript source (unblock-bench runs it as it is) or compile with "target": "ES2017" or later`;
}

/**
 * "servers: Node v22.23.3 (/usr/bin/node), TypeScript run by type stripping" (or "by tsx 4.23.15; run with tsx because …").
 * @param {any} result
 * @returns {string | null}
 */
export function runtimeLine(result) {
  const runtime = result.runtime;
  if (!runtime) return null;
  const flags = runtime.execArgv?.length ? ` ${runtime.execArgv.join(' ')}` : '';
  const ts = runtime.typescript === 'strip' ? ', TypeScript run by type stripping' : runtime.typescript === 'tsx' ? `, TypeScript run by ${runtime.loader ?? 'tsx'}` : '';
  return `servers: Node ${runtime.node} (${runtime.execPath}${flags})${ts}${runtime.note ? `; ${runtime.note}` : ''}`;
}

/**
 * How the verdicts of one run were reached, in one line under its table: the test, over how many
 * rounds, and how many comparisons share the false-claim budget.
 * @param {{ levels: any[] }} run
 */
export function testLine(run) {
  const test = run.levels.map((l) => l.ratio?.rps).find((t) => t && typeof t.p === 'number');
  if (!test) return 'verdicts: no per-round ratios to test';
  const family = test.family ? `; the report's ${test.family} comparisons together hold false claims to ${percent(test.alpha)} (Benjamini–Hochberg)` : '';
  return `verdicts: a sign-flip test on the ${plural(test.n, 'round')}' after/before ratios${family}; "could detect" is the smallest difference found 4 times in 5`;
}
