/**
 * The A/A self-check's finding (`--aa`): both servers ran the same "before" code, so every
 * difference the report claims is a false one. Per connection level, each comparison the report
 * makes, whether it (wrongly) claimed a difference, and the smallest difference the run could
 * have detected: how far the run's other verdicts can be trusted on this machine. Pure.
 */
import { levelTests } from './family.js';
import { detectableText, ratioVerdict } from './verdict.js';

/**
 * @typedef {object} SelfCheckItem
 * @property {string} what "req/s", "p50 latency", "GET /users/1 p50 latency" …
 * @property {boolean} claimed whether the report named a difference (a false positive here)
 * @property {string} verdict the report's words for it
 * @property {number | null} detectable smallest ratio (≥ 1) the run could detect; null: too few rounds
 * @property {string} detectableText "could detect ≥ 12%", or why it could detect none
 */

/**
 * @param {Array<{ threadpoolSize: number, levels: any[] }>} runs the report's runs, after holdToFamily
 * @param {string[]} routeNames "GET /users/1" per load route
 * @returns {{ comparisons: number, claims: number, levels: Array<{ threadpoolSize: number, connections: number, items: SelfCheckItem[] }> }}
 */
export function selfCheck(runs, routeNames) {
  const levels = runs.flatMap((run) =>
    run.levels.map((level) => ({
      threadpoolSize: run.threadpoolSize,
      connections: level.connections,
      items: levelTests(level).map(([label, test]) => item(label, test, routeNames)),
    })),
  );
  const items = levels.flatMap((l) => l.items);
  return { comparisons: items.length, claims: items.filter((i) => i.claimed).length, levels };
}

/**
 * @param {string} label a levelTests() label
 * @param {import('./round-test.js').RoundTest} test
 * @param {string[]} routeNames
 * @returns {SelfCheckItem}
 */
function item(label, test, routeNames) {
  const verdict = ratioVerdict(test);
  const route = /^route (\d+) (p\d+)$/.exec(label);
  const what = route ? `${routeNames[Number(route[1])] ?? `route ${Number(route[1]) + 1}`} ${route[2]} latency` : label === 'req/s' ? 'req/s' : `${label} latency`;
  return {
    what,
    claimed: verdict.kind === 'faster' || verdict.kind === 'slower',
    verdict: verdict.text,
    detectable: test.detectable,
    detectableText: detectableText(test),
  };
}
