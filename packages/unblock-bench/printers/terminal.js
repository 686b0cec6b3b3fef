import { findingLabel, machineLine, ms, percent, plural, rps, spread, table } from './format.js';
import { ratioVerdict } from '../statistics/verdict.js';
import { idealNote, levelHeadline, notMeasuredText, runtimeLine, slowerRoutes, testLine } from './caveats.js';
import { selfCheckLines } from './self-check.js';

/**
 * The per-fixture report for a terminal: what was fixed, then per thread-pool size and
 * connection level the before/after figures, the ratio and its spread, what bounded each
 * variant and how close the fix came to the predicted gain. Pure: result in, text out.
 * @param {any} result a runComparison() result
 * @param {{ diff?: boolean }} [options] include the unified diff (default true)
 * @returns {string}
 */
export function formatComparison(result, options = {}) {
  const out = [];
  const f = result.fixture;
  out.push(`${f.name} — ${f.title}`);
  if (f.seed) out.push(`seed: ${f.seed}`);
  out.push(`machine: ${machineLine(result.machine)}`);
  const fix = result.fix;
  if (fix.rulesMissing.length) out.push(`rules not in the plugin yet (skipped): ${fix.rulesMissing.join(', ')}`);
  const files = fix.files ?? [];
  if (result.status === 'nothing-to-fix') {
    out.push(notMeasuredText(result));
    return out.join('\n') + '\n';
  }
  out.push(fixLine(fix, files));
  if (result.mode === 'aa') out.push('A/A self-check: the fix is not applied; both servers run the "before" code, so every difference below is noise.');
  if (files.length > 1) out.push(...fileLines(files));
  if (options.diff !== false && fix.diff) out.push('', fix.diff.trimEnd());
  out.push('', `equivalence: ${plural(result.equivalence.requests, 'request')} answered alike by before and after`);
  const servers = runtimeLine(result);
  if (servers) out.push(servers);
  if (result.host) out.push(`host: ${result.host.text}`);
  for (const run of result.runs) {
    // A route the fix made slower is said before any overall gain.
    for (const level of run.levels) {
      if (slowerRoutes(level, result).length) out.push('', `${level.connections} conn: ${levelHeadline(level, result)}`);
    }
    out.push('', `UV_THREADPOOL_SIZE=${run.threadpoolSize}, ${result.machine.cores} cores, ${result.settings.rounds} round${result.settings.rounds === 1 ? '' : 's'} × ${result.settings.duration} s per variant (A B A B after ${result.settings.warmup} s warm-up)`);
    /** @type {string[][]} */
    const rows = [];
    for (const level of run.levels) rows.push(...levelRows(level), ['', '', '', '', '']);
    rows.pop();
    out.push(table(['conns', 'metric', 'before', 'after', 'after vs before'], rows));
    out.push(`  ${testLine(run)}`);
    for (const level of run.levels) {
      const notes = levelNotes(level, result.settings, result.fixture.bystander ?? null);
      out.push(...notes.map((n) => `  ${level.connections} conn: ${n}`));
    }
    for (const level of run.levels) out.push(...routeSection(level, result));
  }
  if (result.selfCheck) out.push('', ...selfCheckLines(result.selfCheck));
  out.push('', `wall time: ${result.wallSeconds.toFixed(1)} s`);
  return out.join('\n') + '\n';
}

/**
 * "fix: 2 findings in 1 of 3 project files by unblock/<id>"; the rules are named
 * only when there are findings to name them by (the line never ends on "by").
 * @param {any} fix
 * @param {any[]} files
 */
function fixLine(fix, files) {
  const changedFiles = files.filter((x) => x.changed).length;
  const where = files.length ? ` in ${changedFiles} of ${plural(files.length, 'project file')}` : '';
  const rules = [...new Set(fix.findings.map((/** @type {any} */ x) => x.ruleId))];
  const by = rules.length ? ` by ${rules.join(', ')}` : '';
  const unfixed = fix.unfixed.length ? `, ${fix.unfixed.length} left without a fix` : '';
  return `fix: ${plural(fix.findings.length, 'finding')}${where}${by}${unfixed}`;
}

/**
 * @param {any} level
 * @returns {string[][]}
 */
function levelRows(level) {
  const { before: b, after: a, ratio: r } = level;
  const c = String(level.connections);
  return [
    [c, 'req/s', `${rps(b.rps?.median)} ${spread(b.rps?.spread)}`, `${rps(a.rps?.median)} ${spread(a.rps?.spread)}`, ratioVerdict(r.rps).text],
    ['', 'latency p50 ms', ms(b.latency.p50), ms(a.latency.p50), ratioVerdict(r.rounds?.p50).text],
    ['', 'latency p90 ms', ms(b.latency.p90), ms(a.latency.p90), ''],
    ['', 'latency p99 ms', ms(b.latency.p99), ms(a.latency.p99), ratioVerdict(r.rounds?.p99).text],
    ['', 'latency max ms', ms(b.latency.max), ms(a.latency.max), ''],
    ['', 'event-loop delay p50/p99 ms', `${ms(b.eventLoop.p50)} / ${ms(b.eventLoop.p99)}`, `${ms(a.eventLoop.p50)} / ${ms(a.eventLoop.p99)}`, ''],
    ['', 'bystander p50/p99 ms', `${ms(b.bystander.p50)} / ${ms(b.bystander.p99)}`, `${ms(a.bystander.p50)} / ${ms(a.bystander.p99)}`, ''],
    ['', 'errors/timeouts/non-2xx', `${b.errors}/${b.timeouts}/${b.non2xx}`, `${a.errors}/${a.timeouts}/${a.non2xx}`, ''],
  ];
}

/**
 * One line per project file the entry reaches: how many findings, whether it changed.
 * @param {any[]} files
 */
function fileLines(files) {
  const width = Math.max(...files.map((x) => x.file.length));
  return files.map((x) => `  ${x.file.padEnd(width)}  ${x.findings.length ? plural(x.findings.length, 'finding') : 'no finding'}${x.changed ? ', fixed' : ''}${x.unfixed.length ? `, ${x.unfixed.length} without a fix` : ''}`);
}

/**
 * The per-route table of one connection level (when the load has more than one route): each
 * route's req/s and share, p50/p99 before → after with verdicts, and the findings its requests
 * ran; the blended figures as the total. Nothing for single-route fixtures.
 * @param {any} level
 * @param {any} result
 * @returns {string[]}
 */
function routeSection(level, result) {
  const routes = level.routes ?? [];
  if (routes.length < 2) return [];
  const names = result.fixture.routes ?? [];
  const traced = result.routes?.findings ?? null;
  const rows = routes.map((/** @type {any} */ route, /** @type {number} */ i) => [
    names[i] ?? traced?.[i]?.route ?? `route ${i + 1}`,
    traced ? String(traced[i]?.findings.length ?? 0) : '?',
    `${rps(route.before.rps)} → ${rps(route.after.rps)}`,
    `${percent(route.before.share)} → ${percent(route.after.share)}`,
    `${ms(route.before.latency.p50)} → ${ms(route.after.latency.p50)}`,
    `${ms(route.before.latency.p99)} → ${ms(route.after.latency.p99)}`,
    ratioVerdict(route.ratio.p50).text,
    ratioVerdict(route.ratio.p99).text,
  ]);
  const { before: b, after: a, ratio: r } = level;
  rows.push([
    'total (all routes)',
    traced ? String(result.fix.findings.length) : '',
    `${rps(b.rps?.median)} → ${rps(a.rps?.median)}`,
    '100%',
    `${ms(b.latency.p50)} → ${ms(a.latency.p50)}`,
    `${ms(b.latency.p99)} → ${ms(a.latency.p99)}`,
    ratioVerdict(r.rounds?.p50).text,
    ratioVerdict(r.rounds?.p99).text,
  ]);
  const out = ['', `per route, ${level.connections} conn (each connection cycles through the routes, so their req/s move together; latency shows which route changed):`];
  out.push(table(['route', 'findings', 'req/s before → after', 'share', 'p50 ms', 'p99 ms', 'p50 after vs before', 'p99 after vs before'], rows));
  if (traced) {
    out.push('findings each route ran:');
    traced.forEach((/** @type {any} */ t) => out.push(`  ${t.route}: ${t.findings.length ? t.findings.map(findingLabel).join(', ') : 'none'}`));
  } else if (result.routes?.error) {
    out.push(`findings per route: not traced (${result.routes.error})`);
  }
  return out;
}

/**
 * Warnings a reader must see next to the numbers.
 * @param {any} level
 * @param {{ maxOutsideLoad: number }} settings
 * @param {string | null} bystanderRoute e.g. "GET /health"
 */
function levelNotes(level, settings, bystanderRoute) {
  const notes = [`bound by: before — ${level.before.bound}; after — ${level.after.bound}`, idealNote(level)];
  if (level.noisySlices > 0) {
    notes.push(`${plural(level.noisySlices, 'slice')} ran while other programs used more than ${plural(settings.maxOutsideLoad, 'core')}; treat these numbers with care`);
  }
  if (level.repeatedSlices > 0) notes.push(`${plural(level.repeatedSlices, 'slice')} repeated because of outside CPU load`);
  const bystander = bystanderNote(level, bystanderRoute);
  if (bystander) notes.push(bystander);
  if (level.ideal.gain !== null && level.ideal.reached === null && (level.ratio.rps?.median ?? 1) < 1.1) {
    notes.push(`no throughput gain here, as predicted: ${level.after.bound}`);
  }
  return notes;
}

/**
 * Why the bystander's latency is n/a: none of its probes got a 2xx answer (a 404 for a path the
 * app does not have, a redirect, a timeout), so there was no latency to count.
 * @param {any} level
 * @param {string | null} route
 * @returns {string | null}
 */
export function bystanderNote(level, route) {
  const without = ['before', 'after'].filter((variant) => level[variant].bystander?.p50 === null && level[variant].bystander?.failures > 0);
  if (without.length === 0) return null;
  const why = without.map((variant) => `${variant}: ${level[variant].bystander.failure ?? 'no 2xx answer'} to ${plural(level[variant].bystander.failures, 'probe')}`).join('; ');
  return `bystander${route ? ` ${route}` : ''} latency n/a: no probe got a 2xx answer (${why}); "bystander" should name a cheap route that answers 2xx`;
}
