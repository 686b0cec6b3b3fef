import { machineLine, ms, percent, ratio, rps, spread, table } from './format.js';

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
  if (result.status === 'nothing-to-fix') {
    out.push(`nothing to fix: ${fix.rulesApplied.join(', ') || 'no rule available'} found nothing to change in ${f.entry}; not benchmarked.`);
    return out.join('\n') + '\n';
  }
  out.push(`fix: ${fix.findings.length} finding(s) by ${[...new Set(fix.findings.map((x) => x.ruleId))].join(', ')}${fix.unfixed.length ? `, ${fix.unfixed.length} left without a fix` : ''}`);
  if (options.diff !== false && fix.diff) out.push('', fix.diff.trimEnd());
  out.push('', `equivalence: ${result.equivalence.requests} request(s) answered alike by before and after`);
  for (const run of result.runs) {
    out.push('', `UV_THREADPOOL_SIZE=${run.threadpoolSize}, ${result.machine.cores} cores, ${result.settings.rounds} round${result.settings.rounds === 1 ? '' : 's'} × ${result.settings.duration} s per variant (A B A B after ${result.settings.warmup} s warm-up)`);
    /** @type {string[][]} */
    const rows = [];
    for (const level of run.levels) rows.push(...levelRows(level), ['', '', '', '', '']);
    rows.pop();
    out.push(table(['conns', 'metric', 'before', 'after', 'after vs before'], rows));
    for (const level of run.levels) {
      const notes = levelNotes(level, result.settings);
      out.push(...notes.map((n) => `  ${level.connections} conn: ${n}`));
    }
  }
  out.push('', `wall time: ${result.wallSeconds.toFixed(1)} s`);
  return out.join('\n') + '\n';
}

/**
 * @param {any} level
 * @returns {string[][]}
 */
function levelRows(level) {
  const { before: b, after: a, ratio: r } = level;
  const c = String(level.connections);
  return [
    [c, 'req/s', `${rps(b.rps?.median)} ${spread(b.rps?.spread)}`, `${rps(a.rps?.median)} ${spread(a.rps?.spread)}`, `${ratio(r.rps?.median)} ${spread(r.rps?.spread)}`],
    ['', 'latency p50 ms', ms(b.latency.p50), ms(a.latency.p50), r.p50 ? `${ratio(r.p50)} faster` : ''],
    ['', 'latency p90 ms', ms(b.latency.p90), ms(a.latency.p90), ''],
    ['', 'latency p99 ms', ms(b.latency.p99), ms(a.latency.p99), r.p99 ? `${ratio(r.p99)} faster` : ''],
    ['', 'latency max ms', ms(b.latency.max), ms(a.latency.max), ''],
    ['', 'event-loop delay p50/p99 ms', `${ms(b.eventLoop.p50)} / ${ms(b.eventLoop.p99)}`, `${ms(a.eventLoop.p50)} / ${ms(a.eventLoop.p99)}`, ''],
    ['', 'bystander p50/p99 ms', `${ms(b.bystander.p50)} / ${ms(b.bystander.p99)}`, `${ms(a.bystander.p50)} / ${ms(a.bystander.p99)}`, ''],
    ['', 'errors/timeouts/non-2xx', `${b.errors}/${b.timeouts}/${b.non2xx}`, `${a.errors}/${a.timeouts}/${a.non2xx}`, ''],
  ];
}

/**
 * Warnings a reader must see next to the numbers.
 * @param {any} level
 * @param {{ maxOutsideLoad: number }} settings
 */
function levelNotes(level, settings) {
  const { ideal } = level;
  const notes = [`bound by: before — ${level.before.bound}; after — ${level.after.bound}`];
  if (ideal.gain === null) notes.push('ideal gain: no prediction for this fixture');
  else if (ideal.reached === null) notes.push(`ideal gain ${ratio(ideal.gain)}: no gain expected (${ideal.basis})`);
  else notes.push(`ideal gain ${ratio(ideal.gain)} (${ideal.basis}); the fix reached ${percent(ideal.reached)} of it`);
  if (level.noisySlices > 0) {
    notes.push(`${level.noisySlices} slice(s) ran while other programs used more than ${settings.maxOutsideLoad} core(s); treat these numbers with care`);
  }
  if (level.repeatedSlices > 0) notes.push(`${level.repeatedSlices} slice(s) repeated because of outside CPU load`);
  if (level.ideal.gain !== null && level.ideal.reached === null && (level.ratio.rps?.median ?? 1) < 1.1) {
    notes.push(`no throughput gain here, as predicted: ${level.after.bound}`);
  }
  return notes;
}
