/**
 * The observation as text for a terminal: the ranked table (most time lost per request first),
 * then what the rules missed with its detail, the functions that ran only at start-up, and the
 * reports no route ran. A pure function of the observation.
 */
import { ms, table } from '../../printers/format.js';

/** How many start-up functions are listed before "and N more". */
const MAX_STARTUP = 12;

/**
 * @param {import('../result.js').Observation} observation
 * @param {{ observedFile?: string | null }} [written] where the observations were written, if they were
 * @returns {string}
 */
export function formatObservation(observation, written = {}) {
  const short = shortNames(observation);
  const s = observation.settings;
  const out = [
    `Observed ${observation.fixture.name}: ${observation.routes.length === 1 ? 'one route' : `${observation.routes.length} routes`}, each loaded ${s.duration} s at ${s.connections} connection${s.connections === 1 ? '' : 's'} after a ${s.warmup} s warm-up`,
    `  ${observation.routes.map((r) => `${r.route}: ${r.requests} requests${r.non2xx ? ` (${r.non2xx} not 2xx)` : ''}`).join(' · ')}`,
    '',
  ];
  if (observation.findings.length === 0) out.push('Nothing measurable was lost: no finding ran, and no wait or block stood out.', '');
  else {
    out.push('Time lost per request, most first');
    const rows = observation.findings.map((f) => [ms(f.perRequestMs), clip(f.route, 32), f.kind, `${short(f.file)}:${f.line}`, String(f.runs), f.rule ? f.rule.replace(/^unblock\//, '') : 'missed by the rules']);
    out.push(indent(table(['ms/request', 'route', 'kind', 'where', 'runs', 'rule'], rows)), '');
  }
  const missed = observation.findings.filter((f) => f.rule === null);
  if (missed.length > 0) {
    out.push('Missed by the rules');
    for (const f of missed) {
      const median = f.kind === 'blocking' ? ` (median ${ms(f.medianMs)} ms)` : '';
      out.push(`  ${short(f.file)}:${f.line}${f.endLine > f.line ? `-${f.endLine}` : ''} on ${f.route}: ${f.message}${median}`);
      if (f.stack) out.push(`    ${f.stack.map((frame) => frame.replace(/\(([^()]*):(\d+)\)$/, (_, file, line) => `(${short(file)}:${line})`)).join(' → ')}`);
    }
    out.push('');
  }
  if (observation.startupOnly.length > 0) {
    out.push('Ran only at start-up (before the server listened), never while serving');
    for (const f of observation.startupOnly.slice(0, MAX_STARTUP)) out.push(`  ${short(f.file)}:${f.line}  ${f.name}`);
    if (observation.startupOnly.length > MAX_STARTUP) out.push(`  … and ${observation.startupOnly.length - MAX_STARTUP} more (see the JSON report)`);
    out.push('');
  }
  if (observation.unobserved.length > 0) {
    out.push('Reported by the rules, but no route ran it');
    for (const u of observation.unobserved) out.push(`  ${short(u.file)}:${u.line}  ${u.rule.replace(/^unblock\//, '')}`);
    out.push('');
  }
  for (const note of observation.notes) out.push(`Note: ${note}`);
  if (written.observedFile) {
    out.push(`Wrote ${written.observedFile}: the rules now leave out reports in code that ran only at start-up, and add the measured time to the others.`);
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

/**
 * File names without the folder they all share (the fixture's, usually).
 * @param {import('../result.js').Observation} observation
 * @returns {(file: string) => string}
 */
export function shortNames(observation) {
  const files = [...observation.findings.map((f) => f.file), ...observation.startupOnly.map((f) => f.file), ...observation.unobserved.map((u) => u.file)];
  if (files.length === 0) return (file) => file;
  const folders = files.map((file) => file.split('/').slice(0, -1));
  let shared = folders[0].length;
  for (const folder of folders) {
    let i = 0;
    while (i < shared && i < folder.length && folder[i] === folders[0][i]) i++;
    shared = i;
  }
  const prefix = folders[0].slice(0, shared).join('/');
  return (file) => (prefix && file.startsWith(`${prefix}/`) ? file.slice(prefix.length + 1) : file);
}

/** @param {string} text @param {number} width */
function clip(text, width) {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/** @param {string} text */
function indent(text) {
  return text.replace(/\n$/, '').split('\n').map((line) => `  ${line}`).join('\n');
}
