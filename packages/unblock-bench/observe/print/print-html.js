/**
 * The observation as a self-contained HTML page (inline CSS, nothing fetched): the ranked table,
 * what the rules missed with its stacks, the start-up-only functions and the reports no route
 * ran. A pure function of the observation.
 */
import { ms } from '../../printers/format.js';
import { escapeXml } from '../../printers/svg.js';
import { shortNames } from './print-terminal.js';

/**
 * @param {import('../result.js').Observation} observation
 * @returns {string}
 */
export function renderObservationHtml(observation) {
  const short = shortNames(observation);
  const e = escapeXml;
  const s = observation.settings;
  const rows = observation.findings
    .map((f) => `<tr${f.rule ? '' : ' class="missed"'}><td class="n">${ms(f.perRequestMs)}</td><td>${e(f.route)}</td><td>${f.kind}</td><td><code>${e(short(f.file))}:${f.line}</code></td><td class="n">${f.runs}</td><td class="n">${ms(f.medianMs)}</td><td>${f.rule ? e(f.rule.replace(/^unblock\//, '')) : 'missed by the rules'}</td><td>${e(f.message)}${f.stack ? `<br><small>${e(f.stack.join(' → '))}</small>` : ''}</td></tr>`)
    .join('\n');
  const startup = observation.startupOnly.map((f) => `<li><code>${e(short(f.file))}:${f.line}</code> ${e(f.name)}</li>`).join('');
  const unobserved = observation.unobserved.map((u) => `<li><code>${e(short(u.file))}:${u.line}</code> ${e(u.rule.replace(/^unblock\//, ''))}: ${e(u.message)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Unblock: what ${e(observation.fixture.name)} lost per request</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;color:#111827;line-height:1.4}
table{border-collapse:collapse;font-size:13px}td,th{border-bottom:1px solid #e5e7eb;padding:3px 6px;text-align:left;vertical-align:top}
td.n{text-align:right;white-space:nowrap}tr.missed td{background:#fff7ed}
code{font-size:12px}small{color:#4b5563}
</style></head><body>
<h1>What ${e(observation.fixture.name)} lost per request</h1>
<p>Each route was loaded for ${s.duration} s at ${s.connections} connection${s.connections === 1 ? '' : 's'} after a ${s.warmup} s warm-up, with the server's own code instrumented (${observation.routes.map((r) => `${e(r.route)}: ${r.requests} requests`).join('; ')}). A waterfall's time is what overlapping its waits would have saved (their sum minus the longest); a blocking call's is the main-thread time it held. Rows in orange were missed by the rules.</p>
${rows ? `<table><thead><tr><th>ms/request</th><th>route</th><th>kind</th><th>where</th><th>runs</th><th>median ms/run</th><th>rule</th><th>what</th></tr></thead><tbody>\n${rows}\n</tbody></table>` : '<p>Nothing measurable was lost.</p>'}
${startup ? `<h2>Ran only at start-up</h2><p>Before the server listened, and never while it served.</p><ul>${startup}</ul>` : ''}
${unobserved ? `<h2>Reported, but no route ran it</h2><ul>${unobserved}</ul>` : ''}
${observation.notes.map((note) => `<p><em>${e(note)}</em></p>`).join('')}
</body></html>
`;
}
