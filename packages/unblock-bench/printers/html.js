import { LATENCY_BUCKET_EDGES } from '../statistics/stats.js';
import { summaryRows } from './summary.js';
import { findingLabel, machineLine, ms, percent, plural, rps } from './format.js';
import { COLORS, barChart, escapeXml, lineChart } from './svg.js';
import { ratioVerdict } from '../statistics/verdict.js';
import { idealNote, levelHeadline, notMeasuredText, runtimeLine, testLine } from './caveats.js';
import { selfCheckLines } from './self-check.js';

/**
 * A self-contained HTML report (inline CSS and SVG, nothing fetched at view time): the summary
 * table, then per fixture the diff and four charts per connection level — latency distribution,
 * req/s per round, event-loop delay and bystander latency, before against after. Pure.
 * @param {Array<{ fixture: string, result?: any, error?: { message: string } }>} entries
 * @returns {string}
 */
export function renderHtml(entries) {
  const sections = entries.map((entry) => (entry.result ? fixtureSection(entry.result) : errorSection(entry)));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Unblock bench report</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1000px;color:#111827;line-height:1.4}
pre{background:#f3f4f6;padding:.75rem;overflow:auto;font-size:12px}
.charts{display:flex;flex-wrap:wrap;gap:12px}
.note{color:#92400e}
.del{color:#b91c1c}.add{color:#15803d}
.scroll{overflow-x:auto;max-width:100%}
table.summary{border-collapse:collapse;font-size:12px}table.summary td,table.summary th{border-bottom:1px solid #e5e7eb;padding:2px 4px;text-align:left;vertical-align:top}
table.summary th{vertical-align:bottom}
tr.noisy td{background:#fffbeb}.mark{color:#92400e;font-weight:600}
svg{max-width:100%;height:auto}
h2{border-top:1px solid #d1d5db;padding-top:1rem}
/* A half-width editor panel: each table row becomes a small card of label: value lines. */
@media (max-width:640px){
body{margin:1rem .5rem}
table.summary,table.summary tbody,table.summary tr,table.summary td{display:block;width:auto}
table.summary tr.head{display:none}
table.summary tr{border-bottom:1px solid #d1d5db;padding:4px 0}
table.summary td{border:0;padding:1px 4px;display:flex;gap:.5rem}
table.summary td::before{content:attr(data-label);flex:0 0 9.5rem;color:#4b5563}
}
</style></head><body>
<h1>Unblock bench report</h1>
<p>“Before” is the code as it is; “after” is the same code with Unblock's fixes applied. Both ran as separate servers on this machine and took turns under the same load. Each ratio compares the two within a round; a difference is named (“1.42× faster”, with its 95% confidence interval) only when a sign-flip test over the rounds rejects “no difference”, with all comparisons of a report held together to a 5% false discovery rate. Otherwise the report says “no difference detected” and the smallest difference the run could have detected.</p>
${summaryTable(entries)}
${sections.join('\n')}
</body></html>
`;
}

/**
 * The summary as an HTML table (same rows as the terminal summary).
 * @param {Array<{ fixture: string, result?: any, error?: { message: string } }>} entries
 */
function summaryTable(entries) {
  const all = summaryRows(entries);
  // The columns that matter at a glance, so the table fits an editor split (about 550 px); the
  // event loop, the bound and the wall time are in each fixture's section below.
  const swept = entries.some((e) => (e.result?.runs?.length ?? 0) > 1);
  const keep = all.headers.map((h, i) => (HTML_SUMMARY_COLUMNS.includes(h) || (swept && h === 'pool') ? i : -1)).filter((i) => i >= 0);
  const machine = all.machine;
  const headers = keep.map((i) => all.headers[i]);
  const rows = all.rows.map((r) => keep.map((i) => r[i] ?? ''));
  const noisy = all.noisy.some(Boolean)
    ? '<p class="note"><span class="mark">⚠ noisy</span>: the rounds of that row disagree (their req/s ratios spread by ±15% or more, or scatter so much that only a difference of 15% or more could have been detected), or other programs used the machine meanwhile; measure again before quoting it.</p>'
    : '';
  return `${machine ? `<p>Machine: ${escapeXml(machineLine(machine))}</p>` : ''}${htmlTable(headers, rows, all.noisy)}${noisy}`;
}

const HTML_SUMMARY_COLUMNS = ['fixture', 'conns', 'req/s before → after', 'after vs before', 'p50 ms', 'p99 ms', 'bystander p50 ms', 'ideal (reached)'];

/**
 * A table that scrolls sideways on its own when the view is narrower than it, and turns each row
 * into a card of "header: value" lines in a narrow view (a half-width editor panel). A row with a
 * `noisy` reason is marked, the reason in its tooltip.
 * @param {string[]} headers
 * @param {string[][]} rows
 * @param {Array<string | null>} [noisy] per row
 */
function htmlTable(headers, rows, noisy = []) {
  const head = `<tr class="head">${headers.map((h) => `<th>${escapeXml(h)}</th>`).join('')}</tr>`;
  // "92.5 → 20.4" may wrap after the arrow, never before it.
  const cell = (/** @type {string} */ text) => escapeXml(text).replaceAll(' → ', '\u00a0→ ');
  const mark = (/** @type {number} */ r) => (noisy[r] ? ` <span class="mark" title="${escapeXml(noisy[r] ?? '')}">⚠ noisy</span>` : '');
  const body = rows
    .map((row, r) => `<tr${noisy[r] ? ' class="noisy"' : ''}>${headers.map((h, i) => `<td data-label="${escapeXml(h)}">${cell(row[i] ?? '')}${i === 0 ? mark(r) : ''}</td>`).join('')}</tr>`)
    .join('\n');
  return `<div class="scroll"><table class="summary">${head}\n${body}</table></div>`;
}

/** @param {{ fixture: string, error?: { message: string } }} entry */
function errorSection(entry) {
  return `<h2>${escapeXml(entry.fixture)}</h2><p class="note">error: ${escapeXml(entry.error?.message ?? 'unknown')}</p>`;
}

/** @param {any} result */
function fixtureSection(result) {
  const f = result.fixture;
  const parts = [`<h2>${escapeXml(f.name)}: ${escapeXml(f.title)}</h2>`];
  if (f.description) parts.push(`<p>${escapeXml(f.description)}</p>`);
  const servers = runtimeLine(result);
  parts.push(`<p>Machine: ${escapeXml(machineLine(result.machine))}.${servers ? ` ${escapeXml(capitalize(servers))}.` : ''} Wall time ${result.wallSeconds.toFixed(1)} s.</p>`);
  if (result.status === 'nothing-to-fix') {
    parts.push(`<p><strong>${result.expected ? 'Nothing to fix' : 'Not measured'}</strong>: ${escapeXml(notMeasuredText(result).replace(/^[^:]*: /, ''))}</p>`);
    return parts.join('\n');
  }
  const files = result.fix.files ?? [];
  const changed = files.filter((/** @type {any} */ x) => x.changed).map((/** @type {any} */ x) => x.file);
  const where = changed.length ? ` in ${changed.map(escapeXml).join(', ')}` : '';
  parts.push(`<details open><summary>The fix: ${plural(result.fix.findings.length, 'finding')}${where}${result.mode === 'aa' ? ' (not applied: A/A self-check, both servers run the “before” code)' : ''}</summary><pre>${colorDiff(result.fix.diff)}</pre></details>`);
  if (result.host) parts.push(`<p${result.host.noisy ? ' class="note"' : ''}>${escapeXml(capitalize(result.host.text))}.</p>`);
  for (const run of result.runs) {
    for (const level of run.levels) parts.push(levelSection(level, run.threadpoolSize, result));
    parts.push(`<p>${escapeXml(capitalize(testLine(run)))}.</p>`);
  }
  if (result.selfCheck) {
    const [head, ...rest] = selfCheckLines(result.selfCheck);
    parts.push(`<p${result.selfCheck.claims ? ' class="note"' : ''}><strong>${escapeXml(head)}</strong></p><pre>${escapeXml(rest.join('\n'))}</pre>`);
  }
  return parts.join('\n');
}

/** @param {string} text */
function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Per route: its requests' latency before → after with verdicts, and the findings it ran.
 * @param {any} level
 * @param {any} result
 */
function routeTable(level, result) {
  const routes = level.routes ?? [];
  if (routes.length < 2) return '';
  const traced = result.routes?.findings ?? null;
  const rows = routes.map((/** @type {any} */ route, /** @type {number} */ i) => [
    result.fixture.routes?.[i] ?? `route ${i + 1}`,
    traced ? (traced[i]?.findings.map(findingLabel).join(', ') || 'none') : 'not traced',
    `${ms(route.before.latency.p50)} → ${ms(route.after.latency.p50)}`,
    ratioVerdict(route.ratio.p50).text,
    `${ms(route.before.latency.p99)} → ${ms(route.after.latency.p99)}`,
    `${rps(route.before.rps)} → ${rps(route.after.rps)} (${percent(route.before.share)})`,
  ]);
  const { before: b, after: a } = level;
  rows.push(['all routes', '', `${ms(b.latency.p50)} → ${ms(a.latency.p50)}`, ratioVerdict(level.ratio.rounds?.p50).text, `${ms(b.latency.p99)} → ${ms(a.latency.p99)}`, `${rps(b.rps?.median)} → ${rps(a.rps?.median)}`]);
  // Narrow enough for an editor split; the p99 verdicts are in the terminal report and the JSON.
  return htmlTable(['route', 'findings its requests ran', 'p50 ms', 'p50 after vs before', 'p99 ms', 'req/s (share)'], rows);
}

/**
 * @param {any} level
 * @param {number} pool
 * @param {any} result
 */
function levelSection(level, pool, result) {
  const { before: b, after: a } = level;
  // A route the fix made slower is named before the overall gain.
  const head = `<h3>${plural(level.connections, 'connection')}, UV_THREADPOOL_SIZE=${pool}: ${escapeXml(levelHeadline(level, result))} (req/s ${rps(b.rps?.median)} → ${rps(a.rps?.median)})</h3>`;
  const bound = `<p>${escapeXml(capitalize(idealNote(level)))}. Bound by: before — ${escapeXml(b.bound)}; after — ${escapeXml(a.bound)}.</p>`;
  const noisy = level.noisySlices ? `<p class="note">${plural(level.noisySlices, 'slice')} ran while other programs were busy.</p>` : '';
  const charts = [
    lineChart({
      title: 'Latency distribution',
      xLabel: 'latency (ms, log scale)',
      yLabel: '% of requests at or below',
      xLog: true,
      yMax: 100,
      series: [
        { name: 'before', color: COLORS.before, points: cdf(b.histogram) },
        { name: 'after', color: COLORS.after, points: cdf(a.histogram) },
      ],
    }),
    lineChart({
      title: 'Requests per second, each round',
      xLabel: 'round',
      yLabel: 'req/s',
      xTicks: b.rpsPerRound.length <= 12 ? b.rpsPerRound.map((/** @type {number} */ _, /** @type {number} */ i) => i + 1) : undefined,
      series: [
        { name: 'before', color: COLORS.before, points: b.rpsPerRound.map((/** @type {number} */ y, /** @type {number} */ i) => [i + 1, y]) },
        { name: 'after', color: COLORS.after, points: a.rpsPerRound.map((/** @type {number} */ y, /** @type {number} */ i) => [i + 1, y]) },
      ],
    }),
    percentileBars('Event-loop delay', b.eventLoop, a.eventLoop),
    percentileBars('Bystander route latency under load', b.bystander, a.bystander),
  ];
  const figures = `<p>Latency p50/p99: ${ms(b.latency.p50)}/${ms(b.latency.p99)} ms → ${ms(a.latency.p50)}/${ms(a.latency.p99)} ms. Errors/timeouts/non-2xx: ${b.errors}/${b.timeouts}/${b.non2xx} → ${a.errors}/${a.timeouts}/${a.non2xx}.</p>`;
  return `${head}\n${bound}\n${figures}\n${noisy}${routeTable(level, result)}<div class="charts">${charts.join('')}</div>`;
}

/**
 * Cumulative share of requests (%) at each bucket's upper edge, trimmed to the populated range.
 * @param {number[]} histogram
 * @returns {Array<[number, number]>}
 */
export function cdf(histogram) {
  const total = histogram.reduce((s, x) => s + x, 0);
  if (total === 0) return [];
  const first = histogram.findIndex((x) => x > 0);
  let last = histogram.length - 1;
  while (histogram[last] === 0) last -= 1;
  /** @type {Array<[number, number]>} */
  const points = [];
  let seen = histogram.slice(0, first).reduce((s, x) => s + x, 0);
  for (let i = first; i <= last; i += 1) {
    seen += histogram[i];
    const edge = LATENCY_BUCKET_EDGES[Math.min(i, LATENCY_BUCKET_EDGES.length - 1)];
    points.push([edge, (seen / total) * 100]);
  }
  return points;
}

/** @param {string} diff */
function colorDiff(diff) {
  return diff
    .split('\n')
    .map((line) => {
      const text = escapeXml(line);
      if (line.startsWith('+') && !line.startsWith('+++')) return `<span class="add">${text}</span>`;
      if (line.startsWith('-') && !line.startsWith('---')) return `<span class="del">${text}</span>`;
      return text;
    })
    .join('\n');
}

/**
 * Before/after bars for the p50 and p99 of one measure, in ms.
 * @param {string} title
 * @param {{ p50: number, p99: number }} before
 * @param {{ p50: number, p99: number }} after
 */
function percentileBars(title, before, after) {
  return barChart({
    title,
    yLabel: 'ms',
    groups: /** @type {const} */ (['p50', 'p99']).map((label) => ({
      label,
      bars: [
        { name: 'before', color: COLORS.before, value: before[label] },
        { name: 'after', color: COLORS.after, value: after[label] },
      ],
    })),
  });
}
