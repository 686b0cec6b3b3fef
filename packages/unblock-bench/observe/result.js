/**
 * The observation a run produces, in the shape the JSON report, `.unblock/observed.json` and the
 * printers share: `{ findings: [{ kind, file, line, route, perRequestMs, runs, rule }],
 * startupOnly: [{ file, line, name }] }` plus what explains them (the routes' request counts,
 * each finding's message and median, the functions that served each route, the reports no route
 * ran, and a hash of each file so that a changed file's entries are ignored later).
 */
import crypto from 'node:crypto';
import { summarizeRoute } from './measure/summarize.js';
import { whereCodeRan } from './measure/where-ran.js';

/**
 * The observation in memory: `.unblock/observed.json`'s format (the plugin's observed-schema.js,
 * its one owner), with the project root absolute (`projectRoot`); the written file says it
 * relative to itself, as `root` (observed-file.js).
 * @typedef {Omit<import('eslint-plugin-unblock/tooling').ObservedFile, 'root'> & { projectRoot: string }} Observation
 */

/**
 * @param {{ fixture: import('../fixture/fixture.js').Fixture, root: string, settings: import('./settings.js').ObserveSettings,
 *   facts: import('./instrument/static-facts.js').FileFacts[], names: string[], plan: import('./instrument/plan.js').Plan,
 *   run: import('./observe.js').RouteRun, resolveFrame: import('./measure/blocks.js').ResolveFrame, version: string }} input
 * @returns {Observation}
 */
export function buildObservation({ fixture, root, settings, facts, names, plan, run, resolveFrame, version }) {
  const findings = run.routes
    .flatMap(({ route, phase }) => summarizeRoute({ route, phase, plan, facts, names, resolveFrame }).filter((f) => f.rule !== null || worthShowing(f, phase.requests)))
    .sort((a, b) => b.perRequestMs - a.perRequestMs || a.file.localeCompare(b.file) || a.line - b.line);
  const { startupOnly, served } = whereCodeRan(plan.functions, run.startup.counters, run.routes.map((r) => ({ route: r.route, counters: r.counters })));
  const seen = new Set(findings.map((f) => `${f.file}:${f.line}:${f.rule}`));
  const unobserved = facts.flatMap((f, i) =>
    f.diagnostics.filter((d) => !seen.has(`${names[i]}:${d.line}:${d.ruleId}`)).map((d) => ({ file: names[i], line: d.line, rule: d.ruleId, message: d.message })),
  );
  const dropped = [run.startup, ...run.routes.map((r) => r.phase)].reduce((n, p) => n + p.dropped, 0);
  return {
    schema: 1,
    tool: { name: 'unblock-bench observe', version },
    observedAt: new Date().toISOString(),
    fixture: { name: fixture.spec.name, title: fixture.spec.title, dir: fixture.dir, entry: fixture.spec.entry },
    projectRoot: root,
    settings,
    routes: run.routes.map((r) => ({ route: r.route, requests: r.phase.requests, non2xx: r.phase.non2xx, seconds: Math.round(r.seconds * 100) / 100 })),
    findings,
    startupOnly,
    served,
    unobserved,
    files: Object.fromEntries(facts.map((f, i) => [names[i], { sha256: sha256(f.source) }])),
    notes: [...plan.notes, ...(dropped > 0 ? [`${dropped} events were not recorded (more than the recorder keeps per route): the figures count fewer runs than happened`] : [])],
  };
}

/** A block the rules missed is shown when it recurs: in at least this share of the route's requests (and twice). */
const RECURRING_SHARE = 0.05;

/**
 * What the rules missed is shown when it cost something per request, and a block when it recurred:
 * one long stretch in a run can be the machine (another process had the core), not the code.
 * A report is shown whatever it cost.
 * @param {import('./measure/summarize.js').Finding} finding
 * @param {number} requests
 */
export function worthShowing(finding, requests) {
  if (finding.perRequestMs < 0.5) return false;
  return finding.kind !== 'blocking' || (finding.runs >= 2 && finding.runs >= RECURRING_SHARE * requests);
}

/**
 * The hash the rules compare against: of the text as a linter reads it (no byte-order mark).
 * @param {string} text
 */
export function sha256(text) {
  return crypto.createHash('sha256').update(text.replace(/^\uFEFF/, '')).digest('hex');
}
