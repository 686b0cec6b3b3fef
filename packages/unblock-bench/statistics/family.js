/**
 * Many comparisons in one report: a fixture with four routes measured at two connection levels
 * prints 22 after-vs-before verdicts, and at 5 % each, one of them would be "significant" most of
 * the time even when nothing changed. The p-values of one report are adjusted together
 * (Benjamini–Hochberg: the share of false claims among the claims stays at most alpha, and when
 * nothing changed at all, the chance of any claim does), and the detectable difference is the
 * one a single change would need to be found among them (the first Benjamini–Hochberg step,
 * alpha / m).
 */
import { detectableRatio } from './detectable.js';

/**
 * Benjamini–Hochberg adjusted p-values (q-values), in the input's order.
 * @param {number[]} ps
 * @returns {number[]}
 */
export function adjustPValues(ps) {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const q = new Array(m);
  let running = 1;
  for (let k = m - 1; k >= 0; k -= 1) {
    running = Math.min(running, (order[k].p * m) / (k + 1));
    q[order[k].i] = running;
  }
  return q;
}

/**
 * Every round test a level holds, as [label, test] pairs: the req/s and latency ratios of all
 * routes together, and each route's latency ratios when there is more than one route (a lone
 * route's figures are the level's, and counting them twice would only raise the bar).
 * @param {any} level an aggregateLevel() result
 * @returns {Array<[string, import('./round-test.js').RoundTest]>}
 */
export function levelTests(level) {
  // Labels: "req/s", "p50", "p99" for all routes; "route <index> p50" for one.
  /** @type {Array<[string, any]>} */
  const tests = [
    ['req/s', level.ratio?.rps],
    ['p50', level.ratio?.rounds?.p50],
    ['p99', level.ratio?.rounds?.p99],
  ];
  const routes = level.routes?.length > 1 ? level.routes : [];
  for (const route of routes) {
    tests.push([`route ${route.index} p50`, route.ratio?.p50], [`route ${route.index} p99`, route.ratio?.p99]);
  }
  return tests.filter(([, test]) => test && typeof test.p === 'number');
}

/**
 * Adjusts the tests of a whole report together; returns new runs whose tests carry `q` (the
 * adjusted p-value), `family` (how many) and a `detectable` ratio at alpha / family. Pure: the
 * runs passed in are not changed.
 * @template {{ levels: any[] }} Run
 * @param {Run[]} runs
 * @param {number} alpha
 * @returns {Run[]}
 */
export function holdToFamily(runs, alpha) {
  const copied = runs.map((run) => ({ ...run, levels: run.levels.map(copyLevel) }));
  const tests = copied.flatMap((run) => run.levels.flatMap((level) => levelTests(level).map(([, test]) => test)));
  const q = adjustPValues(tests.map((t) => t.p));
  tests.forEach((test, i) => {
    test.q = q[i];
    test.family = tests.length;
    test.detectableAt = alpha / tests.length;
    test.detectable = detectableRatio(test.ratios.map(Math.log), test.detectableAt);
  });
  return copied;
}

/**
 * A level with fresh copies of its round tests, so holdToFamily can annotate them.
 * @param {any} level
 */
function copyLevel(level) {
  /** @param {any} t */
  const copy = (t) => (t ? { ...t } : t);
  const rounds = level.ratio?.rounds;
  return {
    ...level,
    ratio: { ...level.ratio, rps: copy(level.ratio?.rps), ...(rounds ? { rounds: { p50: copy(rounds.p50), p99: copy(rounds.p99) } } : {}) },
    routes: (level.routes ?? []).map((/** @type {any} */ r) => ({ ...r, ratio: { p50: copy(r.ratio?.p50), p99: copy(r.ratio?.p99) } })),
  };
}
